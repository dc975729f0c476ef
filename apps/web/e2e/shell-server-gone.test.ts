import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../src/lib/storage'
import { brandUrl, loginAs, TEST_TIMEOUT_MS } from './support/betting'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/browser'
import { serverForFile } from './support/server'

/*
 * Shell §4 and §8: when the server gives no answer, "Server not responding", the session is
 * cleared and the player goes to /. Here the server really stops, for 20 s, and starts again: its
 * own server, since the worker's is shared by the other files.
 */

const browser = browserForFile()
const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }
const STOPPED_MS = 20_000
/** After a balance answer: about 2 s before the header asks again (POLL_MS.balance, 10 s). */
const BEFORE_POLL_MS = 8_000

const server = serverForFile({ FEED_TICK_MS: '0' })

describe.each(VIEWPORT_NAMES)('the server stopped for 20 s at %s size', (viewport) => {
  let page: Page

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'says “Server not responding”, clears the session and goes to the home page',
    async () => {
      const player = await loginAs(PLAYER[viewport], 'Password1', server().baseUrl)
      const context = await newAppContext(browser(), viewport, brandUrl('', server().baseUrl))
      page = await newTrackedPage(context)
      // Stored once, not by an init script that would store it again at the reload below.
      await page.goto(brandUrl('/', server().baseUrl))
      await page.evaluate((entries) => {
        for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value)
      }, player.storage)
      await page.goto(brandUrl('/settings', server().baseUrl))
      await page.getByText('Balance').first().waitFor()

      // The header asks for the balance every 10 s: the server stops shortly before it asks
      // again, so its tries at 1, 3 and 6 s all fall within the 20 s.
      await page.waitForResponse((r) => r.url().includes('/api/v1/user/getBalanceCRef'))
      await page.waitForTimeout(BEFORE_POLL_MS)
      const stoppedAt = Date.now()
      await server().halt()
      try {
        await page.getByText('Server not responding').first().waitFor({ timeout: STOPPED_MS })
        await expect.poll(() => new URL(page.url()).pathname).toBe('/')
        await saveScreenshot(page, `server-gone-${viewport}`)
        const stored = await page.evaluate(
          (keys) => keys.map((key) => window.localStorage.getItem(key)),
          [STORAGE_KEYS.idToken, STORAGE_KEYS.userData, STORAGE_KEYS.tokenExpiry],
        )
        expect(stored).toEqual([null, null, null])
        await expect(
          page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.isLogin),
        ).resolves.not.toBe('true')
        await page.waitForTimeout(Math.max(0, stoppedAt + STOPPED_MS - Date.now()))
      } finally {
        await server().resume()
      }
      // The server is back: the player is a guest until they log in again.
      await page.reload()
      await page.getByRole('banner').getByRole('button', { name: 'Log In' }).waitFor()
      expect(await page.getByText('Balance').count()).toBe(0)
    },
    TEST_TIMEOUT_MS + STOPPED_MS + BEFORE_POLL_MS,
  )
})
