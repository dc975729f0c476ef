import { describe, expect, it } from 'vitest'
import { liveCricketMatch, loginAs, openBrandPage, TEST_TIMEOUT_MS } from './support/betting'
import { browserForFile, errorsOf, VIEWPORT_NAMES } from './support/browser'

const browser = browserForFile()

describe.each(VIEWPORT_NAMES)('Edit Stakes at %s size', (viewport) => {
  it(
    "refuses 1.5 with 'Please enter a valid integer.'",
    async () => {
      const player = await loginAs('demo1')
      const { matchId, markets } = await liveCricketMatch()
      const runner = markets[0]?.runners[0]?.runnerName as string
      const page = await openBrandPage(browser(), viewport, `/event-page/4/${matchId}`, player)
      // Desktop: the sidebar's button; mobile: the one in the bet popup.
      if (viewport === 'mobile') {
        await page
          .getByRole('region', { name: 'Match Odds' })
          .getByRole('button', { name: new RegExp(`^Back ${runner} \\d`) })
          .first()
          .click()
      }
      await page.getByRole('button', { name: 'Edit Stakes' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Edit Stakes' })
      await dialog.getByRole('button', { name: 'Edit' }).click()
      await dialog.getByLabel('Stake button 1', { exact: true }).fill('1.5')
      await dialog.getByRole('button', { name: 'Save' }).click()
      await dialog.getByRole('alert').filter({ hasText: 'Please enter a valid integer.' }).waitFor()
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    TEST_TIMEOUT_MS,
  )
})
