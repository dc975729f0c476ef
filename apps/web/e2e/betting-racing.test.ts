import { openBetsResponse, unmatchedBetsResponse } from '@backlay/contract/bets'
import { racingMarketsResponse } from '@backlay/contract/racing'
import type { Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { loginAs, openBrandPage, post, setInPlay, TEST_TIMEOUT_MS } from './support/betting'
import { browserForFile, errorsOf, saveScreenshot } from './support/browser'

const browser = browserForFile()

/** Whether the locator finds images and every one of them has loaded rather than broken. */
const allLoaded = (images: Locator) =>
  images.evaluateAll(
    (found) =>
      found.length > 0 &&
      found.every(
        (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
      ),
  )

/** Split by odds over the legs, each leg at least the racing minimum of 100 even at 50 to 1. */
const COMBINED_STAKE = 10_000

describe('horse racing', () => {
  it(
    'places a combined bet on 3 runners as 3 legs (desktop)',
    async () => {
      const player = await loginAs('demo2')
      const races = (
        await post(
          'market/allRacingMarkets',
          { sport_id: '7' },
          racingMarketsResponse,
          player.token,
        )
      ).data
      const race = races[0]
      if (!race) throw new Error('no horse races')
      const page = await openBrandPage(browser(), 'desktop', '/horse-racing', player)
      const main = page.getByRole('region', { name: race.market_name })
      await main.getByRole('checkbox').first().waitFor()
      await saveScreenshot(page, 'betting-racing-desktop')
      const boxes = main.getByRole('checkbox', { disabled: false })
      for (let i = 0; i < 3; i++) await boxes.nth(i).check()
      const combined = page.getByRole('region', { name: 'Combined Market' })
      // The combined runner '1+2+3' has one priced cell (its best price); the outer ones are empty.
      await combined.getByRole('button', { name: /^Back [\d+]+ \d/ }).click()
      const popup = page.getByRole('dialog', { name: 'Place Bet' })
      await popup.getByLabel('Stake', { exact: true }).fill(String(COMBINED_STAKE))
      await popup.getByRole('button', { name: /^Place Bet/ }).click()
      const toast = page.locator('.Toastify__toast--success, .Toastify__toast--error').first()
      await toast.waitFor({ timeout: 60_000 })
      expect(await toast.getAttribute('class'), await toast.innerText()).toContain('success')

      const search = { delete_status: 0, market_id: race.market_id }
      const matched = await post(
        'bet/openBets',
        { limit: 100, page: 1, search },
        openBetsResponse,
        player.token,
      )
      const resting = await post(
        'bet/unmatchedBets',
        { market_id: race.market_id },
        unmatchedBetsResponse,
        player.token,
      )
      const legs = [...matched.data.list, ...resting.data]
      expect(new Set(legs.map((b) => b.selection_id)).size).toBe(3)
      expect(legs.reduce((sum, b) => sum + b.stack, 0)).toBe(COMBINED_STAKE)
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'lists races as accordion rows with In Play / Upcoming tabs (mobile)',
    async () => {
      const page = await openBrandPage(browser(), 'mobile', '/horse-racing')
      await page.getByRole('tab', { name: 'Upcoming' }).click()
      const row = page
        .getByRole('button', { expanded: false })
        .filter({ hasText: /Opens in/ })
        .first()
      await row.waitFor()
      await row.click()
      await page.getByRole('button', { expanded: true }).waitFor()
      await page
        .getByRole('button', { name: /^Back / })
        .first()
        .waitFor()
      // §2: a row shows at most its first 3 runners.
      const runners = await page.locator('[data-runner]').count()
      expect(runners).toBeGreaterThan(0)
      expect(runners).toBeLessThanOrEqual(3)
      // Each runner wears its silks: an image the server draws, loaded rather than broken.
      await expect.poll(() => allLoaded(page.locator('[data-runner] img'))).toBe(true)
      // Each race's country flag is a picture, not an emoji a system may draw as empty boxes.
      await expect.poll(() => allLoaded(page.locator('button[aria-expanded] img'))).toBe(true)
      await saveScreenshot(page, 'betting-racing-mobile')
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    TEST_TIMEOUT_MS,
  )
})

describe('greyhound racing', () => {
  it(
    'says there are no events on a tab with no races, In Play and Upcoming alike (390 px)',
    async () => {
      const races = (
        await post('market/allRacingMarketsOpen', { sport_id: '4339' }, racingMarketsResponse)
      ).data
      expect(races.length).toBeGreaterThan(0)
      const everyRace = (inplay: boolean) =>
        Promise.all(races.map((r) => setInPlay(r.market_id, inplay)))
      // The simulator's feed turns a race in-play again while it runs, whatever the operator
      // set: turn them until none is turned back (a running race ends within minutes).
      const allRaces = async (inplay: boolean) =>
        expect
          .poll(
            async () => {
              await everyRace(inplay)
              await new Promise((r) => setTimeout(r, 2_000))
              const now = (
                await post(
                  'market/allRacingMarketsOpen',
                  { sport_id: '4339' },
                  racingMarketsResponse,
                )
              ).data
              return now
                .filter((r) => races.some((x) => x.market_id === r.market_id))
                .every((r) => r.inplay === inplay)
            },
            { timeout: 180_000, interval: 3_000 },
          )
          .toBe(true)
      const page = await openBrandPage(browser(), 'mobile', '/greyhound-racing')
      const tab = (name: string) => page.getByRole('tab', { name })
      const none = page.getByText('There are currently no upcoming events.')
      const rows = page
        .getByRole('button', { expanded: false })
        .filter({ hasText: /Opens in|Started on/ })
      try {
        // No race has gone off: the In Play tab (open first) says so; Upcoming lists them all.
        await allRaces(false)
        await page.reload()
        await tab('In Play').waitFor()
        await none.waitFor()
        await saveScreenshot(page, 'racing-none-in-play-mobile')
        await tab('Upcoming').click()
        await rows.first().waitFor()
        expect(await none.count()).toBe(0)
        // Every race is off: now Upcoming is the empty one.
        await allRaces(true)
        await page.reload()
        await tab('Upcoming').click()
        await none.waitFor()
        await saveScreenshot(page, 'racing-none-upcoming-mobile')
        await tab('In Play').click()
        await rows.first().waitFor()
        expect(await none.count()).toBe(0)
      } finally {
        await Promise.all(races.map((r) => setInPlay(r.market_id, r.inplay)))
      }
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    // Up to two waits for a running race to end.
    2 * TEST_TIMEOUT_MS + 120_000,
  )
})
