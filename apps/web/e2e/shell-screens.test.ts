import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserForFile, openPage, saveScreenshot, VIEWPORT_NAMES } from './support/browser'
import {
  apiLogin,
  demoCredentials,
  SLOW_TEST_MS,
  seriousA11yViolations,
  storedSession,
} from './support/shell'

const browser = browserForFile()

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Sign Up' })

describe.each(VIEWPORT_NAMES)('shell screens at %s size', { timeout: SLOW_TEST_MS }, (viewport) => {
  it('home and the three dialog tabs pass axe and are captured', async () => {
    const page = await openPage(browser(), { viewport })
    await page.getByRole('region', { name: 'Cricket' }).getByRole('listitem').first().waitFor()
    await saveScreenshot(page, `shell-home-${viewport}`)
    expect(await seriousA11yViolations(page)).toEqual([])

    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click()
    const dialog = dialogOf(page)
    await dialog.waitFor()
    await page.waitForTimeout(300)
    await saveScreenshot(page, `shell-dialog-login-${viewport}`)
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([])
    await dialog.getByRole('tab', { name: 'Create an account' }).click()
    await saveScreenshot(page, `shell-dialog-register-${viewport}`)
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([])
    await dialog.getByRole('tab', { name: 'Forgot password' }).click()
    await saveScreenshot(page, `shell-dialog-forgot-${viewport}`)
    expect(await seriousA11yViolations(page, '[role="dialog"]')).toEqual([])
    await page.context().close()
  })

  it('the account drawer and the account statement are captured', async () => {
    // A demo account starts with credit, so its statement has rows to show.
    const demo = await demoCredentials()
    const login = await apiLogin(demo.user_name, demo.password)
    const page = await openPage(browser(), { viewport, localStorage: storedSession(login) })
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Balance/ })
      .click()
    const drawer = page.getByRole('dialog', { name: login.data.name })
    for (const item of [
      'Open Bets',
      'Betting Profit & Loss',
      'Account Statement',
      'Time Settings',
      'Settings',
      'Change Password',
    ]) {
      await drawer.getByRole('link', { name: item, exact: true }).waitFor()
    }
    await drawer.getByRole('button', { name: 'Sign Out' }).waitFor()
    await drawer.getByText('Net Exposure').waitFor()
    await page.waitForTimeout(300)
    await saveScreenshot(page, `shell-account-drawer-${viewport}`)

    await drawer.getByRole('link', { name: 'Account Statement', exact: true }).click()
    await page.getByRole('heading', { level: 1, name: 'Account Statement' }).waitFor()
    await page.getByRole('table').getByRole('row').nth(1).waitFor()
    await page.waitForTimeout(500)
    await saveScreenshot(page, `shell-account-statement-${viewport}`)
    await page.context().close()
  })
})
