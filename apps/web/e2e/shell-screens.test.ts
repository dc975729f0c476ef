import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserForFile, openPage, saveScreenshot, VIEWPORT_NAMES } from './support/browser'
import {
  apiLogin,
  demoCredentials,
  registerPlayer,
  SLOW_TEST_MS,
  storedSession,
} from './support/shell'

const browser = browserForFile()

const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Sign Up' })

describe.each(VIEWPORT_NAMES)('shell screens at %s size', { timeout: SLOW_TEST_MS }, (viewport) => {
  // Axe runs on the same screens in shell-a11y.test.ts; these are the pictures to look at.
  it('home and the three dialog tabs are captured', async () => {
    const page = await openPage(browser(), { viewport })
    await page.getByRole('region', { name: 'Cricket' }).getByRole('listitem').first().waitFor()
    await saveScreenshot(page, `shell-home-${viewport}`)

    await page.getByRole('banner').getByRole('button', { name: 'Log In' }).click()
    const dialog = dialogOf(page)
    await dialog.getByRole('tab', { name: 'Login', selected: true }).waitFor()
    await dialog.getByLabel('Password', { exact: true }).waitFor()
    // The 200 ms opening animation has ended before the picture is taken.
    await page.waitForTimeout(300)
    // Shell §9: the popup is at most 550 px wide.
    expect((await dialog.boundingBox())?.width).toBeLessThanOrEqual(550)
    await saveScreenshot(page, `shell-dialog-login-${viewport}`)

    await dialog.getByRole('tab', { name: 'Create an account' }).click()
    await dialog.getByLabel('Promo Code (optional)').waitFor()
    await saveScreenshot(page, `shell-dialog-register-${viewport}`)

    await dialog.getByRole('tab', { name: 'Forgot password' }).click()
    await dialog.getByRole('tab', { name: 'Forgot password', selected: true }).waitFor()
    await saveScreenshot(page, `shell-dialog-forgot-${viewport}`)
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

  it('the election markets and the Indian card games are captured', async () => {
    const player = await registerPlayer()
    const session = storedSession(await apiLogin(player.user_name, player.password))
    const page = await openPage(browser(), { viewport, path: '/election', localStorage: session })
    await page.getByRole('heading', { level: 1, name: 'Election' }).waitFor()
    // The simulated feed's election events, listed like any sport.
    await page.getByRole('region', { name: 'Election' }).getByRole('listitem').first().waitFor()
    await saveScreenshot(page, `shell-election-${viewport}`)

    await page.goto('/indian-card-games', { waitUntil: 'domcontentloaded' })
    const frame = page.frameLocator('[data-testid="casino-frame"]')
    await frame.getByRole('button', { name: /Andar Bahar/ }).waitFor()
    // Shell §2: the header stays, the side bars do not.
    await page.getByRole('banner').waitFor()
    expect(await page.getByRole('navigation', { name: 'Sports menu' }).count()).toBe(0)
    expect(await page.getByRole('complementary', { name: 'Bet slip and open bets' }).count()).toBe(
      0,
    )
    await saveScreenshot(page, `shell-indian-card-games-${viewport}`)
    await page.context().close()
  })
})
