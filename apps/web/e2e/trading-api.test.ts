import { saveBetResponse } from '@backlay/contract/bets'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { brandUrl, loginAs, TEST_TIMEOUT_MS } from './support/betting'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  seedLocalStorage,
  VIEWPORT_NAMES,
} from './support/browser'
import { serverForFile } from './support/server'

/*
 * The trading API as a player meets it: a key made on the API access page, a bot's bet placed
 * with it seen on the web's Open Bets, and a web bet seen by the bot. A server of this file's own,
 * so demo1's bets are this test's alone.
 */

const browser = browserForFile()
const server = serverForFile({})

/** A Betfair client's JSON-RPC call, as betfairlightweight sends it. */
async function rpc(
  origin: string,
  headers: Record<string, string>,
  method: string,
  params: object,
): Promise<Record<string, unknown> & { result?: unknown }> {
  const res = await fetch(brandUrl('/betfair/exchange/betting/json-rpc/v1', origin), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', method: `SportsAPING/v1.0/${method}`, params, id: 1 }),
  })
  return (await res.json()) as Record<string, unknown>
}

describe.each(VIEWPORT_NAMES)('the trading API at %s size', (viewport) => {
  let page: Page
  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'makes a key on the API access page; the bot’s bet shows on Open Bets and the web’s in the bot’s orders',
    async () => {
      const origin = server().baseUrl
      const player = await loginAs('demo1', 'Password1', origin)
      const context = await newAppContext(browser(), viewport, brandUrl('', origin))
      await seedLocalStorage(context, player.storage)
      page = await newTrackedPage(context)
      await page.goto(brandUrl('/api-access', origin), { waitUntil: 'commit' })
      await page.getByRole('heading', { name: 'API access' }).waitFor()
      await page.getByText(`${brandUrl('', origin)}/betfair/exchange/`).waitFor()
      const keys = page.getByLabel('Application key')
      const before = await keys.count()
      await page.getByRole('button', { name: 'Create a key' }).click()
      await expect.poll(() => keys.count()).toBe(before + 1)
      const appKey = (await keys.first().inputValue()).trim()
      await page.getByText('never used').first().waitFor()
      await saveScreenshot(page, `trading-api-keys-${viewport}`)

      const login = await fetch(brandUrl('/betfair/identity/api/login', origin), {
        method: 'POST',
        headers: { 'X-Application': appKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'demo1', password: 'Password1' }),
      })
      const session = (await login.json()) as { token: string; status: string }
      expect(session.status).toBe('SUCCESS')
      const headers = { 'X-Application': appKey, 'X-Authentication': session.token }
      const catalogue = (await rpc(origin, headers, 'listMarketCatalogue', {
        filter: { eventTypeIds: ['4'], marketTypeCodes: ['MATCH_ODDS'], inPlayOnly: false },
        marketProjection: ['EVENT', 'RUNNER_DESCRIPTION'],
        maxResults: 1,
      })) as {
        result: {
          marketId: string
          event: { id: string }
          runners: { selectionId: number; runnerName: string }[]
        }[]
      }
      const [market] = catalogue.result
      const runner = market?.runners[0]
      if (!market || !runner) throw new Error('no cricket match odds market')
      const placed = (await rpc(origin, headers, 'placeOrders', {
        marketId: market.marketId,
        instructions: [
          {
            orderType: 'LIMIT',
            selectionId: runner.selectionId,
            side: 'LAY',
            limitOrder: { size: 100, price: 1.01, persistenceType: 'LAPSE' },
          },
        ],
      })) as { result: { status: string; instructionReports: { betId: string }[] } }
      expect(placed.result.status).toBe('SUCCESS')

      // The web's Open Bets shows the bot's resting lay…
      await page.goto(brandUrl('/open-bets', origin), { waitUntil: 'commit' })
      const unmatched = page.getByRole('region', { name: 'Unmatched Bets' })
      const line = unmatched.getByTestId('unmatched-line').filter({ hasText: runner.runnerName })
      await line.filter({ hasText: '1.01' }).first().waitFor()
      await saveScreenshot(page, `trading-api-open-bets-${viewport}`, { fullPage: true })

      // …and the bot's current orders show a bet placed on the web.
      const saved = await fetch(brandUrl('/api/v1/bet/saveBet', origin), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
        body: JSON.stringify({
          is_back: 1,
          market_id: market.marketId,
          odds: 1000,
          selection_id: String(runner.selectionId),
          stack: 100,
        }),
      })
      const web = saveBetResponse.parse(await saved.json())
      const current = (await rpc(origin, headers, 'listCurrentOrders', {
        marketIds: [market.marketId],
      })) as { result: { currentOrders: { betId: string }[] } }
      expect(current.result.currentOrders.map((o) => o.betId)).toEqual(
        expect.arrayContaining([placed.result.instructionReports[0]?.betId, web.data.bet_id]),
      )
      const cancelled = (await rpc(origin, headers, 'cancelOrders', {
        marketId: market.marketId,
      })) as { result: { status: string } }
      expect(cancelled.result.status).toBe('SUCCESS')
    },
    TEST_TIMEOUT_MS,
  )
})
