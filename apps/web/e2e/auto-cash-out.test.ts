import { autoCashOutResponse, saveBetResponse, teamPositionResponse } from '@backlay/contract/bets'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  brandUrl,
  findMatch,
  loginAs,
  openBrandPage,
  type Player,
  post,
  pricedMatchOdds,
  setHandPrices,
  TEST_TIMEOUT_MS,
} from './support/betting'
import {
  browserForFile,
  errorsOf,
  saveScreenshot,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/browser'

const browser = browserForFile()

const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }

/** A tennis match whose two-runner match odds are open and priced on both sides. */
async function tennisMatch(taken: readonly string[]) {
  const { matchId, picked: odds } = await findMatch(
    '2',
    (m, markets) => {
      const odds = taken.includes(m.match_id) ? undefined : pricedMatchOdds(markets)
      // The backed runner at 1.50 or more: at 1.06 its cash-out then locks in well over ₹1.
      const backed = odds?.runners[0]?.ex.availableToBack[0]?.price ?? 0
      return odds?.runners.length === 2 && backed >= 1.5 ? odds : undefined
    },
    'tennis match with open, priced two-runner match odds',
  )
  return { matchId, odds }
}

const taken: string[] = []

describe.each(VIEWPORT_NAMES)('automatic cash-out at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof tennisMatch>>

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await tennisMatch(taken)
    taken.push(match.matchId)
    const runner = match.odds.runners[0]
    const placed = await post(
      'bet/saveBet',
      {
        is_back: 1,
        market_id: match.odds.market_id,
        odds: runner?.ex.availableToBack[0]?.price,
        selection_id: runner?.selectionId,
        stack: 100,
      },
      saveBetResponse,
      player.token,
    )
    expect(placed.data.status).toBe('MATCHED')
    page = await openBrandPage(browser(), viewport, `/event-page/2/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'fires once the operator moves the price across the profit target',
    async () => {
      const button = page.getByRole('region', { name: 'Match Odds' }).getByRole('button', {
        name: 'Cash Out',
      })
      await button.waitFor({ timeout: 30_000 })
      await button.click()
      const dialog = page.getByRole('dialog', { name: 'Cash Out' })
      const auto = dialog.getByRole('region', { name: 'Automatic cash-out' })
      await auto.getByLabel('Profit target').fill('1')
      await auto.getByRole('button', { name: 'Set automatic cash-out' }).click()
      await page.getByText('Automatic cash-out set.').waitFor()
      await auto
        .getByText('Active: cash out at a profit of 1.00 or a loss of –.')
        .waitFor({ timeout: 10_000 })
      await saveScreenshot(page, `auto-cash-out-set-${viewport}`)
      await dialog.getByRole('button', { name: 'Cancel' }).click()

      // The backed runner shortens hard: cashing out now locks in far more than ₹1.
      const [backed, other] = match.odds.runners
      await setHandPrices(match.odds.market_id, [
        { selectionId: backed?.selectionId ?? '', back: 1.05, lay: 1.06, size: 50_000 },
        { selectionId: other?.selectionId ?? '', back: 15, lay: 16, size: 50_000 },
      ])
      await page.getByText('Automatic cash-out done.').waitFor({ timeout: 30_000 })
      await saveScreenshot(page, `auto-cash-out-done-${viewport}`)

      const res = await fetch(
        brandUrl(`/api/v1/exchange/order/autoCashOut?marketId=${match.odds.market_id}`),
        { headers: { authorization: `Bearer ${player.token}` } },
      )
      expect(autoCashOutResponse.parse(await res.json()).data).toMatchObject({ state: 'DONE' })
      const pl = (
        await post(
          'bet/getTeamPosition',
          { match_id: match.matchId },
          teamPositionResponse,
          player.token,
        )
      ).data[match.odds.market_id]
      const [a = 0, b = 0] = pl?.map((p) => p.user_pl) ?? []
      expect(Math.abs(a - b)).toBeLessThanOrEqual(1.01)
      expect(Math.min(a, b)).toBeGreaterThanOrEqual(1)
    },
    TEST_TIMEOUT_MS,
  )
})
