import { describe, expect, it } from 'vitest'
import {
  liveCricketMatch,
  openBrandPage,
  setMarketStatus,
  TEST_TIMEOUT_MS,
} from './support/betting'
import { browserForFile, errorsOf, saveScreenshot, VIEWPORT_NAMES } from './support/browser'
import { seriousA11yViolations } from './support/shell'

const browser = browserForFile()

describe.each(VIEWPORT_NAMES)('event page for a guest at %s size', (viewport) => {
  it(
    'shows live odds and asks the guest to log in from the slip',
    async () => {
      const { matchId, markets } = await liveCricketMatch()
      const odds = markets.find((m) => m.market_type === 'MATCH_ODDS')
      if (!odds) throw new Error('no match odds')
      const page = await openBrandPage(browser(), viewport, `/event-page/4/${matchId}`)
      const table = page.getByRole('region', { name: 'Match Odds' })
      const runner = odds.runners[0]?.runnerName as string
      const back = table.getByRole('button', { name: new RegExp(`^Back ${runner} \\d`) }).first()
      await back.waitFor()
      // Every best price reads as decimal odds over a size in Indian grouping (or the cap).
      const lines = await back.locator('span').allTextContents()
      expect(lines).toEqual([
        expect.stringMatching(/^\d+(\.\d{1,2})?$/),
        expect.stringMatching(/^(\d{1,2},)*\d{1,3}$|^500\.000\+$/),
      ])
      await page.getByRole('region', { name: 'Fancy' }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      if (viewport === 'desktop') {
        await page.getByText('Click on the odds to add selections to the betslip.').waitFor()
      }
      await saveScreenshot(page, `betting-event-guest-${viewport}`)

      await back.click()
      const popup = page.getByRole('dialog', { name: 'Place Bet' })
      await popup.getByText(`Backing ${runner}`).waitFor()
      await popup.getByRole('button', { name: 'Log In' }).click()
      // The slip's Log In hands over to the shell's login dialog.
      await page
        .getByRole('dialog')
        .filter({ has: page.getByLabel(/password/i) })
        .waitFor()
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'shows SUSPENDED on a suspended market and its prices cannot be clicked',
    async () => {
      const { matchId, markets } = await liveCricketMatch()
      const bookmaker = markets.find((m) => m.market_type === 'BOOKMAKER')
      if (!bookmaker) throw new Error('no bookmaker market')
      await setMarketStatus(bookmaker.market_id, 'SUSPENDED')
      try {
        const page = await openBrandPage(browser(), viewport, `/event-page/4/${matchId}`)
        const table = page.getByRole('region', { name: 'Bookmaker' })
        await table.getByText('SUSPENDED').first().waitFor()
        const cells = table.getByRole('button', { name: /^(Back|Lay) / })
        expect(await cells.count()).toBeGreaterThan(0)
        for (const cell of await cells.all()) await expect(cell.isDisabled()).resolves.toBe(true)
        await cells.first().click({ force: true })
        await page.waitForTimeout(500)
        await expect(page.getByRole('dialog', { name: 'Place Bet' }).count()).resolves.toBe(0)
        await saveScreenshot(page, `betting-suspended-${viewport}`)
        await page.context().close()
      } finally {
        await setMarketStatus(bookmaker.market_id, 'OPEN')
      }
    },
    TEST_TIMEOUT_MS,
  )
})
