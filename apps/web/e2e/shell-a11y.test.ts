import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserForFile, openPage, VIEWPORT_NAMES } from './support/browser'
import { SLOW_TEST_MS, seriousA11yViolations } from './support/shell'

const browser = browserForFile()

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Sign Up' })

// Issue #6 acceptance: axe-core finds no serious or critical violation on the home page and the
// login dialog at either viewport.
describe.each(VIEWPORT_NAMES)(
  'shell accessibility at %s size',
  { timeout: SLOW_TEST_MS },
  (viewport) => {
    it('the home page has no serious or critical axe violations', async () => {
      const page = await openPage(browser(), { viewport })
      await page.getByRole('region', { name: 'Cricket' }).getByRole('listitem').first().waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.context().close()
    })

    it('the open login dialog and its other tabs have no serious or critical axe violations', async () => {
      const page = await openPage(browser(), { viewport })
      await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click()
      const dialog = dialogOf(page)
      await dialog.getByRole('tab', { name: 'Login', selected: true }).waitFor()
      // The 200 ms opening animation has ended before colours are measured.
      await page.waitForTimeout(300)
      expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([])
      for (const tab of ['Create an account', 'Forgot password']) {
        await dialog.getByRole('tab', { name: tab }).click()
        await dialog.getByRole('tab', { name: tab, selected: true }).waitFor()
        expect(await seriousA11yViolations(page, '[role="dialog"]'), tab).toEqual([])
      }
      await page.context().close()
    })
  },
)
