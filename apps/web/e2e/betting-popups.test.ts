import { afterEach, describe, expect, it } from 'vitest'
import { brandUrl, liveCricketMatch, loginAs, openBrandPage } from './support/betting'
import { browserForFile, errorsOf, saveScreenshot, VIEWPORT_NAMES } from './support/browser'

const browser = browserForFile()
const TEST_MS = 20_000

describe.each(VIEWPORT_NAMES)('betting popups at %s size', (viewport) => {
  let close: (() => Promise<void>) | undefined
  afterEach(async () => {
    await close?.()
    close = undefined
  })

  it(
    'opens the Rules popup from the event page with the fancy rules and the IPL averages',
    async () => {
      const { matchId } = await liveCricketMatch()
      const page = await openBrandPage(browser(), viewport, `/event-page/4/${matchId}`)
      close = () => page.context().close()
      await page.getByRole('button', { name: 'Rules', exact: true }).click()
      const rules = page.getByRole('dialog', { name: 'Rules' })
      await rules.getByRole('button', { name: 'General Rules' }).click()
      await rules.getByText('In a dispute the decision of the management is final.').waitFor()

      // One section at a time: opening Fancy Rules folds General Rules away.
      await rules.getByRole('button', { name: 'Fancy Rules' }).click()
      await rules.getByText('Bets accepted on a ball that is called a no ball are void.').waitFor()
      expect(await rules.getByText('In a dispute the decision').count()).toBe(0)
      await expect(rules.getByText(/at least 45 matches .* we wait 45 days/).count()).resolves.toBe(
        1,
      )
      const averages = rules.getByRole('table')
      const row = (stat: string) => averages.getByRole('row', { name: new RegExp(`^${stat} `) })
      await expect(row('First over runs').getByRole('cell').innerText()).resolves.toBe('6')
      await expect(row('Fours').getByRole('cell').innerText()).resolves.toBe('26')
      await expect(row('Wickets').getByRole('cell').innerText()).resolves.toBe('12')
      expect(await averages.getByRole('row').count()).toBe(16)
      await saveScreenshot(page, `betting-rules-popup-${viewport}`)

      await rules.getByRole('button', { name: 'Close' }).click()
      await rules.waitFor({ state: 'detached' })
      expect(errorsOf(page)).toEqual([])
    },
    TEST_MS,
  )

  it(
    viewport === 'mobile'
      ? 'shows the bottom bar whose Deposit opens /deposit, and the WhatsApp hint for 3 s'
      : 'has no bottom bar, and the WhatsApp hint closes after 3 s',
    async () => {
      const page = await openBrandPage(browser(), viewport, '/', await loginAs('demo1'))
      close = () => page.context().close()
      const hint = page
        .getByRole('status')
        .filter({ hasText: 'Play And Win. Get a new Id instantly over WhatsApp.' })
      await hint.waitFor()
      const shownAt = Date.now()
      const bar = page.getByRole('navigation', { name: 'Shortcuts', exact: true })
      if (viewport === 'mobile') {
        await bar.getByRole('link', { name: 'Deposit' }).waitFor()
        await saveScreenshot(page, `betting-bottom-bar-${viewport}`)
      }
      await hint.waitFor({ state: 'detached' })
      // The hint lasts 3 s from when it appears (a busy machine may notice the end late).
      expect(Date.now() - shownAt).toBeGreaterThan(2_000)
      await expect(page.getByRole('link', { name: 'WhatsApp' }).last().isVisible()).resolves.toBe(
        true,
      )

      if (viewport === 'mobile') {
        await bar.getByRole('link', { name: 'Deposit' }).click()
        await page.waitForURL(/\/deposit$/)
        await expect(bar.getByRole('link', { name: 'Deposit' }).isVisible()).resolves.toBe(true)
        await saveScreenshot(page, `betting-bottom-bar-deposit-${viewport}`)
      } else {
        expect(await bar.count()).toBe(0)
      }
      expect(errorsOf(page)).toEqual([])
    },
    TEST_MS,
  )

  it(
    'asks a player to agree to the slot points notice before the slot lobby',
    async () => {
      // Storage is written by the page itself: an init script would also run in the game's
      // cross-origin frame, where reading localStorage throws.
      const { storage } = await loginAs('demo1')
      const page = await openBrandPage(browser(), viewport, '/')
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
      }, storage)
      await page.goto(brandUrl('/casino-lobby/slot-games'))
      close = () => page.context().close()
      const notice = page.getByRole('dialog', { name: 'Please Note' })
      await notice.getByText('10 = 1 Point', { exact: true }).waitFor()
      await saveScreenshot(page, `betting-slot-notice-${viewport}`)
      await notice.getByRole('button', { name: 'OK I AGREE' }).click()
      await notice.waitFor({ state: 'detached' })
      await page.getByTestId('casino-frame').waitFor()
      expect(errorsOf(page)).toEqual([])
    },
    TEST_MS,
  )
})
