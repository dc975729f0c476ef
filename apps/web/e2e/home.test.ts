import { homeMatchesResponse } from '@backlay/contract/matches'
import { SPORT_ID } from '@backlay/contract/sport'
import { describe, expect, it } from 'vitest'
import { HOME_MATCHES_POLL_MS, HOME_ROWS } from '../src/features/home/api/get-home-matches'
import {
  apiUrl,
  browserForFile,
  errorsOf,
  openPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'

const browser = browserForFile()

/** The cricket rows the home page shows, live ones first. */
const homeCricket = async () => {
  const res = await fetch(apiUrl('match/homeMatchesOpen'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ sport_id: SPORT_ID.cricket, limit: HOME_ROWS }),
  })
  return homeMatchesResponse.parse(await res.json()).data
}

describe.each(VIEWPORT_NAMES)('home page at %s size', (viewport) => {
  it('shows the live cricket matches with back and lay prices', async () => {
    const page = await openPage(browser(), { viewport })
    const cricket = page.getByRole('region', { name: 'Cricket' })
    // A nearly decided match offers nothing on one side of a runner, and the feed suspends a
    // live one now and then: the check needs both sides, on a live match when one has them.
    const first = (await homeCricket()).find(
      (m) =>
        m.status === 'OPEN' &&
        m.runners.every((r) => r.ex.availableToBack.length > 0 && r.ex.availableToLay.length > 0),
    )
    if (!first) throw new Error('no open cricket match priced on both sides')
    const link = page.getByRole('link', { name: first.match_name, exact: true })
    const row = cricket.getByRole('listitem').filter({ has: link })
    await link.waitFor()
    await expect(row.getByText('In-Play').count()).resolves.toBe(first.inplay ? 1 : 0)
    // Prices move with every poll, so the check is that real offers are shown, not which ones.
    for (const side of ['Back', 'Lay']) {
      const lines = await row.getByTitle(side).first().locator('span').allTextContents()
      // A price over its size in Indian grouping (or the volume cap).
      expect(lines).toEqual([
        expect.stringMatching(/^\d+(\.\d{1,2})?$/),
        expect.stringMatching(/^(\d{1,2},)*\d{1,3}$|^500\.000\+$/),
      ])
    }
    await expect(page.getByRole('region', { name: 'Football' }).isVisible()).resolves.toBe(true)
    await expect(page.getByRole('region', { name: 'Tennis' }).isVisible()).resolves.toBe(true)

    await saveScreenshot(page, `home-${viewport}`)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })
})

describe('home prices', () => {
  it('are asked for again while the page stays open', async () => {
    const page = await openPage(browser())
    await page.getByRole('region', { name: 'Cricket' }).getByRole('listitem').first().waitFor()
    const again = await page.waitForRequest((r) => r.url().endsWith('/match/homeMatchesOpen'), {
      timeout: HOME_MATCHES_POLL_MS * 2,
    })
    expect(again.postDataJSON()).toHaveProperty('sport_id')
    await page.context().close()
  })
})

describe('home lists', () => {
  it('show ten matches a sport and link to the sport page for the rest', async () => {
    const res = await fetch(apiUrl('match/homeMatchesOpen'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sport_id: SPORT_ID.football }),
    })
    const total = homeMatchesResponse.parse(await res.json()).data.length
    expect(total).toBeGreaterThan(HOME_ROWS)
    const page = await openPage(browser(), { viewport: 'mobile' })
    const football = page.getByRole('region', { name: 'Football' })
    const all = football.getByRole('link', { name: `See all ${total} matches` })
    await all.waitFor()
    expect(await football.getByRole('listitem').count()).toBe(HOME_ROWS)
    await all.click()
    await page.waitForURL('**/sports-page/Football/1')
    await page.context().close()
  })
})

describe('routing', () => {
  it('sends an unknown path to the home page', async () => {
    const page = await openPage(browser(), { path: '/no/such/page' })
    await page.getByRole('region', { name: 'Cricket' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await page.context().close()
  })
})

describe('header', () => {
  it('shows a clock that ticks every second', async () => {
    const page = await openPage(browser())
    const clock = page.getByRole('banner').locator('time')
    const before = await clock.getAttribute('datetime')
    await page.waitForFunction(
      (shown) => document.querySelector('header time')?.getAttribute('datetime') !== shown,
      before,
      { timeout: 3_000 },
    )
    expect(await clock.textContent()).toMatch(/^\d{2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/)
    await page.context().close()
  })
})
