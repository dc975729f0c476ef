import { demoLoginResponse } from '@backlay/contract/auth'
import { balanceResponse } from '@backlay/contract/balance'
import type { FrameLocator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brandUrl, loginAs, TEST_TIMEOUT_MS } from './support/betting'
import {
  apiUrl,
  browserForFile,
  errorsOf,
  gamesOrigin,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/browser'

const browser = browserForFile()

const STAKE_RUPEES = 100
const STAKE_PAISE = STAKE_RUPEES * 100
const FRAME = '[data-testid="casino-frame"]'
const ROUND_WAIT_MS = 90_000

/**
 * A page of the app, logged in as `userName`, opened on `path`. The session goes into the app's
 * own storage only, not through an init script: that would also run inside the provider's frame,
 * whose storage is denied.
 */
async function openLoggedIn(
  viewport: ViewportName,
  userName: string,
  path: string,
  password?: string,
) {
  const { storage, token } = await loginAs(userName, password)
  const page = await newTrackedPage(await newAppContext(browser(), viewport, brandUrl('')))
  await page.goto(brandUrl('/'))
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
  }, storage)
  await page.goto(brandUrl(path))
  return { page, token }
}

const apiBalancePaise = async (token: string) => {
  const res = await fetch(apiUrl('user/getBalanceCRef'), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  })
  return Math.round(balanceResponse.parse(await res.json()).data.balance * 100)
}

/** The header's balance in paise ('1,00,000.00' → 10000000), once it shows one. */
async function headerBalancePaise(page: Page): Promise<number> {
  const amount = page.locator('header button span').filter({ hasText: /^[\d,]+\.\d{2}$/ })
  await amount.first().waitFor()
  return Math.round(Number((await amount.first().innerText()).replaceAll(',', '')) * 100)
}

const waitForHeaderBalance = async (page: Page, paise: number) => {
  const deadline = Date.now() + 20_000
  let shown = await headerBalancePaise(page)
  while (shown !== paise && Date.now() < deadline) {
    await page.waitForTimeout(250)
    shown = await headerBalancePaise(page)
  }
  return shown
}

const frameHeight = (page: Page) =>
  page.locator(FRAME).evaluate((el) => Math.round(el.getBoundingClientRect().height))

/** The provider frame as playwright's Frame, to run code inside it. */
const providerFrame = async (page: Page) => {
  const handle = await page.locator(FRAME).elementHandle()
  const frame = await handle?.contentFrame()
  if (!frame) throw new Error('no casino frame')
  return frame
}

type RoundOutcome = { cashedAt: number; winPaise: number } | 'lost'

/** Bets STAKE_RUPEES in the next round and cashes out as soon as the multiplier passes 1.00×. */
async function betAndCashOut(game: FrameLocator): Promise<RoundOutcome> {
  const bet = game.getByRole('button', { name: 'Bet', exact: true })
  const countdown = game.locator('.crash-wait')
  // Betting opens between rounds; a round already flying to 100× (e^(0.00006·t)) lasts 77 s.
  // A bet that reaches the game as its 7 s window closes is refused ('Bets are closed for this
  // round.'), as happened on a busy machine: bet only while 4 s or more are left.
  await expect
    .poll(
      async () =>
        (await bet.isEnabled()) &&
        Number(/(\d+)s/.exec((await countdown.textContent()) ?? '')?.[1] ?? 0) >= 4,
      { timeout: ROUND_WAIT_MS },
    )
    .toBe(true)
  await game.getByLabel('Stake (₹)').fill(String(STAKE_RUPEES))
  await bet.click()
  const cashOut = game.locator('.action-cashout')
  const status = game.locator('.status-line')
  const multiplier = game.locator('.crash-multiplier')
  // The round takes off after the betting window; cash out on the first multiplier above 1.00×.
  await expect
    .poll(
      async () => {
        const text = (await status.textContent()) ?? ''
        if (text.startsWith('Lost')) return true
        if (!(await cashOut.isVisible())) return false
        const shown = Number.parseFloat((await multiplier.textContent()) ?? '0')
        return shown > 1
      },
      { timeout: 30_000, interval: 50 },
    )
    .toBe(true)
  await cashOut.click({ timeout: 2_000 }).catch(() => {
    // The plane flew away between the check and the click: the status line tells.
  })
  await expect
    .poll(async () => (await status.textContent()) ?? '', { timeout: 40_000 })
    .toMatch(/^(Cashed out at|Lost)/)
  const text = (await status.textContent()) ?? ''
  const cashed = /^Cashed out at (\d+)\.(\d{2})×: ₹([\d,]+\.\d{2})$/.exec(text)
  if (!cashed) return 'lost'
  const cashedAt = Number(cashed[1]) * 100 + Number(cashed[2])
  const winPaise = Math.floor((STAKE_PAISE * cashedAt) / 100)
  // What the game says it paid is the stake times the cash-out multiplier, rounded down.
  expect(Math.round(Number(cashed[3]?.replaceAll(',', '')) * 100)).toBe(winPaise)
  return { cashedAt, winPaise }
}

describe.each(VIEWPORT_NAMES)('casino at %s size', (viewport: ViewportName) => {
  it('a logged-in player bets on Aviator, cashes out above 1.00× and the header balance moves by win − stake', {
    timeout: TEST_TIMEOUT_MS + 2 * ROUND_WAIT_MS,
  }, async () => {
    const { page, token } = await openLoggedIn(viewport, 'demo2', '/')
    const before = await headerBalancePaise(page)
    expect(before).toBe(await apiBalancePaise(token))

    await page.goto(brandUrl('/aviator'))
    const frameElement = page.locator(FRAME)
    await frameElement.waitFor()
    expect(new URL((await frameElement.getAttribute('src')) ?? '').origin).toBe(gamesOrigin())
    const game = page.frameLocator(FRAME)

    let lostStakes = 0
    let outcome: RoundOutcome = 'lost'
    for (let round = 0; round < 5 && outcome === 'lost'; round++) {
      outcome = await betAndCashOut(game)
      if (outcome === 'lost') lostStakes += STAKE_PAISE
    }
    if (outcome === 'lost') throw new Error('five rounds crashed before a cash-out')
    expect(outcome.cashedAt).toBeGreaterThan(100)
    const expected = before - lostStakes - STAKE_PAISE + outcome.winPaise
    expect(await apiBalancePaise(token)).toBe(expected)

    // Mobile casino pages have no header (shell §2), so there the header is read on the home page.
    if (viewport === 'mobile') await page.goto(brandUrl('/'))
    expect(await waitForHeaderBalance(page, expected)).toBe(expected)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it('sizes the frame from the provider’s own messages and ignores resize messages from any other origin', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { page } = await openLoggedIn(viewport, 'demo2', '/casino-lobby/casino')
    const game = page.frameLocator(FRAME)
    await game.getByRole('heading', { name: 'Live Casino' }).waitFor()
    const provider = await providerFrame(page)
    const contentHeight = () =>
      provider.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height))
    // The lobby posted its height: the frame is that + 100 (it started at 500 + 100).
    await expect.poll(async () => (await frameHeight(page)) - (await contentHeight())).toBe(100)
    const sized = await frameHeight(page)

    // A look-alike origin (same games server, other host name) and the brand page itself.
    const lookAlike = gamesOrigin().replace('127.0.0.1', 'localhost')
    await page.evaluate((src) => {
      const frame = document.createElement('iframe')
      frame.src = `${src}/verify`
      frame.id = 'foreign'
      frame.style.height = '10px'
      document.body.append(frame)
    }, lookAlike)
    const foreign = await (await page.locator('#foreign').elementHandle())?.contentFrame()
    if (!foreign) throw new Error('no foreign frame')
    await foreign.waitForLoadState()
    await foreign.evaluate(() => window.parent.postMessage({ type: 'resize', height: 4321 }, '*'))
    await page.evaluate(() => window.postMessage({ type: 'resize', height: 4321 }, '*'))
    await page.waitForTimeout(500)
    expect(await frameHeight(page)).toBe(sized)
    expect(await frameHeight(page)).not.toBe(4421)

    // The same message from the provider's exact origin is obeyed.
    await provider.evaluate(() => window.parent.postMessage({ type: 'resize', height: 1234 }, '*'))
    await expect.poll(() => frameHeight(page)).toBe(1334)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it('shows the lobby, the crash game mid-round and the slot', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const { page } = await openLoggedIn(viewport, 'demo2', '/casino-lobby')
    const game = page.frameLocator(FRAME)
    await game.getByRole('heading', { name: 'Slots' }).waitFor()
    await page.waitForTimeout(500)
    await saveScreenshot(page, `casino-lobby-${viewport}`)

    await page.goto(brandUrl('/aviator'))
    await page.frameLocator(FRAME).locator('.crash-multiplier').waitFor({ timeout: 40_000 })
    await page.waitForTimeout(1_500)
    await saveScreenshot(page, `casino-aviator-running-${viewport}`)

    await page.goto(brandUrl('/casino-live/lotus-sevens/BLO'))
    const slot = page.frameLocator(FRAME)
    await slot.getByRole('button', { name: 'Spin' }).click()
    await expect
      .poll(async () => (await slot.locator('.slot-result').textContent()) ?? '', {
        timeout: 15_000,
      })
      .toMatch(/^(Win|No win)/)
    // Spinning scrolled the button into view; the shot shows the reels from the frame's top.
    await page.locator(FRAME).evaluate((frame) => frame.scrollIntoView({ block: 'start' }))
    // The shell's header slides away on scroll; let it finish.
    await page.waitForTimeout(600)
    await saveScreenshot(page, `casino-slot-${viewport}`)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it('sends guests home to the login dialog and refuses demo users, without a frame', {
    timeout: TEST_TIMEOUT_MS,
  }, async () => {
    const guest = await openLoggedIn(viewport, 'demo2', '/')
    await guest.page.evaluate(() => window.localStorage.clear())
    await guest.page.goto(brandUrl('/aviator'))
    await guest.page.waitForURL(brandUrl('/'))
    await guest.page.getByRole('dialog').waitFor()
    expect(await guest.page.locator(FRAME).count()).toBe(0)
    await guest.page.context().close()

    const demoRes = await fetch(brandUrl('/api/v1/user/autoDemoUserLogin'), { method: 'POST' })
    const demo = demoLoginResponse.parse(await demoRes.json()).data
    const { page } = await openLoggedIn(viewport, demo.user_name, '/aviator', demo.password)
    await page.getByText('Please login from your read ID.').waitFor()
    await page.waitForURL(brandUrl('/'))
    expect(await page.locator(FRAME).count()).toBe(0)
    await page.context().close()
  })
})
