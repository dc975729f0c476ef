import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../src/lib/storage'
import {
  backFarAbove,
  brandUrl,
  cancelUnmatched,
  loginAs,
  type Player,
  prePlayMatch,
  showOpenBets,
  TEST_TIMEOUT_MS,
  unmatchedBets,
} from './support/betting'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/browser'

/*
 * A session ends only when the server is really gone (shell §4 "a missing server response"): not
 * when the page itself cuts its requests by reloading, nor for a dropped request while a phone
 * changes networks.
 */

const browser = browserForFile()
const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }
const taken: string[] = []

/**
 * The player's page, its session stored once as the app stores it after login: a reload then
 * keeps only what the app itself left in storage.
 */
async function openOnce(viewport: ViewportName, path: string, player: Player): Promise<Page> {
  const context = await newAppContext(browser(), viewport, brandUrl(''))
  await context.addInitScript((seed) => {
    if (window.sessionStorage.getItem('e2e-seeded')) return
    window.sessionStorage.setItem('e2e-seeded', '1')
    for (const [key, value] of Object.entries(seed)) window.localStorage.setItem(key, value)
  }, player.storage)
  const page = await newTrackedPage(context)
  await page.goto(brandUrl(path), { waitUntil: 'commit' })
  return page
}

const storedToken = (page: Page) =>
  page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.idToken)

describe.each(VIEWPORT_NAMES)('a session through network trouble at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof prePlayMatch>>

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await prePlayMatch(taken)
    taken.push(match.matchId)
    page = await openOnce(viewport, `/event-page/2/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    await cancelUnmatched(player, match.matchId)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'keeps the player logged in through a reload during the bet countdown, and shows the bet',
    async () => {
      const name = match.runner.runnerName
      // Far above the market: the bet rests, so it stays on Open Bets to be seen.
      const popup = await backFarAbove(page, name)
      await popup.getByRole('button', { name: /^Place Bet/ }).click()
      await popup.getByText('Your bet is being processed...').waitFor()
      await page.reload()
      await page.getByRole('region', { name: 'Match Odds' }).waitFor()
      expect(await storedToken(page)).toBe(player.token)
      await page.getByRole('banner').getByRole('button', { name: 'Account' }).waitFor()
      // The bet the server held through its delay is placed all the same.
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 15_000 })
        .toBe(1)
      await showOpenBets(page, viewport)
      await page
        .getByRole('region', { name: 'Unmatched Bets' })
        .getByTestId('unmatched-line')
        .first()
        .waitFor({ timeout: 35_000 })
      await saveScreenshot(page, `network-reload-countdown-${viewport}`)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'keeps the player logged in when the network drops for 2 s',
    async () => {
      // Whatever the page asks for meanwhile (its stream reconnecting, a poll) gets no answer.
      await page.context().setOffline(true)
      await page.waitForTimeout(2_000)
      await page.context().setOffline(false)
      // Past every try a dropped request gets (about 10 s).
      await page.waitForTimeout(12_000)
      expect(await storedToken(page)).toBe(player.token)
      expect(await page.getByText('Server not responding').count()).toBe(0)
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Account|Balance/ })
        .first()
        .waitFor()
      await saveScreenshot(page, `network-offline-2s-${viewport}`)
    },
    TEST_TIMEOUT_MS,
  )
})
