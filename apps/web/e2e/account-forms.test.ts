import { describe, expect, it } from 'vitest'
import {
  browserForFile,
  errorsOf,
  openPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'
import { apiLogin, registerPlayer, SLOW_TEST_MS, storedSession } from './support/shell'

const browser = browserForFile()

/** A fresh 12-digit UPI reference: each may be used for one deposit only. */
const freshUtr = () => `${Date.now()}`.padStart(12, '7').slice(-12)

describe('account and wallet forms', { timeout: SLOW_TEST_MS }, () => {
  it.each(VIEWPORT_NAMES)(
    'asks a guest to log in on the change-password, settings, time and deposit pages (%s)',
    async (viewport) => {
      for (const path of ['/change-password', '/settings', '/time-setting', '/deposit']) {
        const page = await openPage(browser(), { path, viewport })
        await page.getByText('Please log in to see this page.').waitFor()
        if (path === '/deposit') await saveScreenshot(page, `account-deposit-guest-${viewport}`)
        await page.getByRole('main').getByRole('button', { name: 'Log In' }).click()
        await page
          .getByRole('dialog', { name: 'Sign Up' })
          .getByRole('tab', { name: 'Login', selected: true })
          .waitFor()
        await page.context().close()
      }
    },
  )

  it('changes the password after a wrong current one, saves stakes and one-click', async () => {
    const player = await registerPlayer()
    const session = storedSession(await apiLogin(player.user_name, player.password))
    const page = await openPage(browser(), { path: '/change-password', localStorage: session })
    const form = page.getByRole('main').locator('form')
    const changePassword = async (current: string) => {
      await form.getByLabel('Current Password').fill(current)
      await form.getByLabel('New Password').fill('Changed123')
      await form.getByLabel('Confirm Password').fill('Changed123')
      await form.getByRole('button', { name: 'Change Password' }).click()
    }
    await changePassword('Wrong12345')
    await page.getByText('Old password is incorrect.').waitFor()
    await expect.poll(() => form.getByRole('button').isDisabled()).toBe(false)
    await changePassword(player.password)
    await page.getByText('Password changed. Other devices have been logged out.').waitFor()
    await expect.poll(() => form.getByLabel('Current Password').inputValue()).toBe('')
    expect((await apiLogin(player.user_name, 'Changed123')).status).toBe(true)

    await page.goto('/settings', { waitUntil: 'domcontentloaded' })
    await page.getByLabel('Stake 1', { exact: true }).fill('150')
    await page.getByRole('button', { name: 'Save Stakes' }).click()
    await page.getByText('Stakes saved').waitFor()
    const oneClick = page.getByLabel('Place bets with one click')
    const wasOn = await oneClick.isChecked()
    await oneClick.click()
    await expect.poll(() => oneClick.isChecked()).toBe(!wasOn)
    await expect.poll(() => oneClick.isDisabled()).toBe(false)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it.each(VIEWPORT_NAMES)(
    'sends a deposit request and shows its details (%s)',
    async (viewport) => {
      const player = await registerPlayer()
      const session = storedSession(await apiLogin(player.user_name, player.password))
      const page = await openPage(browser(), { path: '/deposit', localStorage: session, viewport })
      await page.getByLabel('Amount (₹)').fill('500')
      await page.getByLabel('UPI reference (UTR)').fill(freshUtr())
      await page.getByRole('button', { name: 'Submit deposit request' }).click()
      await page.getByText('Deposit request sent. It stays pending until approved.').waitFor()
      await page.waitForURL(/\/transactions-details\/\w+\/\d{12}$/)
      await page.getByText('UPI reference (UTR)').waitFor()
      await saveScreenshot(page, `account-deposit-sent-${viewport}`)
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
  )
})
