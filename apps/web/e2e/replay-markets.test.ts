import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { writeMadeFiles } from '../../server/src/test/betfair-files'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'
import { serverForFile } from './support/server'

/*
 * Every market of an event, as a player sees them, on a server replaying a BASIC file made from
 * the format (a race's WIN and PLACE markets, a football match's match odds, over/under and
 * correct score; last traded prices only, a minute apart). At speed 1 the markets stay open
 * for a quarter of an hour, well past this file.
 */

const browser = browserForFile()
const server = serverForFile({
  FEED: 'betfair-replay',
  FEED_REPLAY_FILES: writeMadeFiles('BASIC', 'single'),
  FEED_REPLAY_SPEED: '1',
  FEED_TICK_MS: '500',
})

describe.each(VIEWPORT_NAMES)('an event replayed from a Betfair file at %s size', (viewport) => {
  let page: Page
  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it("shows a race's place market under its win market, both priced", async () => {
    page = await newTrackedPage(await newAppContext(browser(), viewport, server().baseUrl))
    await page.goto('/horse-racing', { waitUntil: 'domcontentloaded' })
    if (viewport === 'mobile') {
      await page.getByRole('tab', { name: 'Upcoming' }).click()
      await page.getByRole('button', { name: /Kempton/ }).click()
    }
    const win = page.getByRole('region', { name: '1m Hcap' })
    const place = page.getByRole('region', { name: 'To Be Placed' })
    for (const market of [win, place]) {
      await market.getByText('Red Rum').waitFor()
      // Quoted around the last traded price: a back price on the first runner.
      await market
        .getByRole('button', { name: /^Back Red Rum \d/ })
        .first()
        .waitFor()
    }
    await saveScreenshot(page, `replay-race-markets-${viewport}`)
  }, 90_000)

  it("shows a match's over/under and correct score beside its match odds", async () => {
    await page.goto('/event-page/1/60000002', { waitUntil: 'domcontentloaded' })
    for (const name of ['Match Odds', 'Over/Under 2.5 Goals', 'Correct Score'])
      await page.getByRole('region', { name }).waitFor()
    const goals = page.getByRole('region', { name: 'Over/Under 2.5 Goals' })
    await goals.getByText('Over 2.5 Goals').waitFor()
    await goals
      .getByRole('button', { name: /^Lay Over 2\.5 Goals \d/ })
      .first()
      .waitFor()
    await saveScreenshot(page, `replay-match-markets-${viewport}`)
  }, 60_000)

  it("shows the file's last traded price and volume in a runner's ladder", async () => {
    await page.getByRole('button', { name: 'Ladder of Over 2.5 Goals' }).click()
    const ladder = page.getByRole('dialog', { name: /Over 2\.5 Goals/ })
    // Nothing matched here yet; the file's first line has Over 2.5 last traded at 1.96 with
    // ₹1,010 matched (its next, a recorded minute on, 1.97 and ₹2,010).
    await ladder.getByText(/^Feed: last 1\.9[67], matched \D*[12],010/).waitFor()
    await saveScreenshot(page, `replay-ladder-feed-${viewport}`)
    await page.keyboard.press('Escape')
  }, 60_000)
})
