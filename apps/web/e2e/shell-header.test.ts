import { menuResponse } from '@backlay/contract/menu'
import { describe, expect, it } from 'vitest'
import {
  apiUrl,
  baseUrl,
  browserForFile,
  type Motion,
  openPage,
  VIEWPORT_NAMES,
} from './support/browser'
import { SLOW_TEST_MS } from './support/shell'

const browser = browserForFile()

/** A match name from the live menu and 3 of its letters in another case. */
const searchableMatch = async () => {
  const menu = menuResponse.parse(await (await fetch(apiUrl('menu'))).json()).data
  const match = menu
    .flatMap((s) => s.children.flatMap((c) => c.children))
    .find((m) => /\w[A-Za-z]{3}/.test(m.match_name))
  // Three letters from inside a word: the search trims spaces, so they must not border one.
  const letters = match && /\w([A-Za-z]{3})/.exec(match.match_name)?.[1]
  if (!match || !letters) throw new Error('the menu has no match')
  return { name: match.match_name, three: letters.toUpperCase() }
}

describe.each(VIEWPORT_NAMES)('header search at %s size', { timeout: SLOW_TEST_MS }, (viewport) => {
  it("finds a match with 3 letters and says 'No data found' with 2", async () => {
    const { name, three } = await searchableMatch()
    const page = await openPage(browser(), { viewport })
    const header = page.getByRole('banner')
    if (viewport === 'mobile') await header.getByRole('button', { name: 'Search' }).click()
    const box = header.getByRole('combobox', { name: 'Search events' })
    expect(await box.getAttribute('placeholder')).toBe('Search Events(At least 3 letters)...')

    await box.fill(three.slice(0, 2))
    await header.getByRole('status').filter({ hasText: 'No data found' }).waitFor()
    await box.fill(three)
    await header.getByRole('button').filter({ hasText: name }).first().waitFor()
    await page.context().close()
  })
})

describe('language', { timeout: SLOW_TEST_MS }, () => {
  it('switches to Hindi after the 2 s delay and keeps it on the next visit', async () => {
    const page = await openPage(browser())
    const header = page.getByRole('banner')
    await header.getByRole('button', { name: 'Choose language' }).click()
    const modal = page.getByRole('dialog', { name: 'Select Language' })
    await modal.getByLabel('हिन्दी').click()
    await modal.getByRole('button', { name: 'Confirm' }).click()
    const started = Date.now()
    await header.getByRole('button', { name: 'लॉग इन' }).waitFor({ timeout: 10_000 })
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500)
    expect(await header.getByRole('button', { name: 'भाषा चुनें' }).textContent()).toBe('HI')
    await page
      .getByRole('navigation', { name: 'अनुभाग' })
      .getByRole('link', { name: 'क्रिकेट' })
      .waitFor()

    await page.reload({ waitUntil: 'domcontentloaded' })
    await page.getByRole('banner').getByRole('button', { name: 'लॉग इन' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi')
    await page.context().close()
  })
})

describe('brands', { timeout: SLOW_TEST_MS }, () => {
  it('shows a different brand on 127.0.0.1 and on localhost', async () => {
    const port = new URL(baseUrl()).port
    const seen: Record<string, { name: string; manifest: string | null; title: string }> = {}
    for (const host of ['127.0.0.1', 'localhost']) {
      const page = await openPage(browser(), { path: `http://${host}:${port}/` })
      const logo = page.getByRole('banner').getByRole('link').first()
      await page.waitForFunction(() =>
        document
          .querySelector('link[rel="manifest"]')
          ?.getAttribute('href')
          ?.includes('/brand-assets/'),
      )
      seen[host] = {
        // The link's accessible name, as a screen reader announces it.
        name: /^- link "(.*)"/.exec(await logo.ariaSnapshot())?.[1] ?? '',
        manifest: await page.locator('link[rel="manifest"]').getAttribute('href'),
        title: await page.title(),
      }
      const manifest = await page.evaluate(
        async (href) => (await fetch(href ?? '')).json(),
        seen[host].manifest,
      )
      expect(manifest.name).toBe(seen[host].name)
      await page.context().close()
    }
    expect(seen['127.0.0.1']).toEqual({
      name: 'Backlay',
      manifest: '/brand-assets/127.0.0.1/manifest.webmanifest',
      title: 'Backlay',
    })
    expect(seen.localhost).toEqual({
      name: 'Backlay (local)',
      manifest: '/brand-assets/localhost/manifest.webmanifest',
      title: 'Backlay (local)',
    })
  })
})

describe('header parts', { timeout: SLOW_TEST_MS }, () => {
  it('shows the ticker, the bell panel and the mobile back title', async () => {
    const page = await openPage(browser())
    await page
      .getByRole('region', { name: 'Announcements' })
      .getByText('Welcome to Backlay! Bet responsibly.')
      .waitFor()
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications/ })
      .click()
    await page.getByRole('dialog').getByText('Notifications').first().waitFor()
    await page.context().close()

    const mobile = await openPage(browser(), { viewport: 'mobile', path: '/sports-page/Cricket/4' })
    await mobile.getByRole('banner').getByText('Cricket', { exact: true }).waitFor()
    await mobile.getByRole('banner').getByRole('button', { name: 'Back' }).waitFor()
    await mobile.context().close()
  })

  it('scrolls the ticker, halts it under the pointer, and holds it still for reduced motion', async () => {
    const WELCOME = 'Welcome to Backlay! Bet responsibly.'
    /** The strip, and how far its message line has moved sideways (px). */
    const ticker = async (reducedMotion: Motion) => {
      const page = await openPage(browser(), { reducedMotion })
      const strip = page.getByRole('region', { name: 'Announcements' })
      await strip.getByText(WELCOME).waitFor()
      const shift = () =>
        strip
          .getByRole('paragraph')
          .evaluate((el) => new DOMMatrixReadOnly(getComputedStyle(el).transform).m41)
      return { page, strip, shift }
    }

    const moving = await ticker('no-preference')
    const before = await moving.shift()
    await moving.page.waitForTimeout(500)
    expect(await moving.shift()).toBeLessThan(before)
    await moving.strip.hover()
    const held = await moving.shift()
    await moving.page.waitForTimeout(500)
    expect(await moving.shift()).toBe(held)
    await moving.page.context().close()

    const still = await ticker('reduce')
    const first = await still.shift()
    await still.page.waitForTimeout(500)
    expect([first, await still.shift()]).toEqual([0, 0])
    // Standing still, the first message is in view at once and the rest scroll by hand.
    const text = await still.strip.getByText(WELCOME).boundingBox()
    const strip = await still.strip.boundingBox()
    expect(text && strip && text.x >= strip.x && text.x < strip.x + strip.width).toBe(true)
    expect(await still.strip.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto')
    await still.page.context().close()
  })
})
