import { saveBetResponse } from '@backlay/contract/bets'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  amount,
  findMatch,
  loginAs,
  openBrandPage,
  type Player,
  post,
  showOpenBets,
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

/** The cricket match the betting tests use is left alone: these players trade football. */
const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }

const STAKE = 100
/** The worst price there is: a back at it takes the best offers first, whatever they are now. */
const WORST_BACK_ODDS = 1.01
/** Two backs at each viewport, and the prices stand still in these tests: nothing refills them. */
const BETS_ON_THE_RUNNER = 4

const offeredToBack = (runner: { ex: { availableToBack: { size: number }[] } }) =>
  runner.ex.availableToBack.reduce((sum, level) => sum + level.size, 0)

/** A football match with a runner on open match odds offering enough to back every bet here. */
async function footballMatch() {
  const { matchId, picked } = await findMatch(
    '1',
    (_, markets) => {
      const odds = markets.find((d) => d.market_type === 'MATCH_ODDS' && d.status === 'OPEN')
      const runner = odds?.runners.find(
        (r) =>
          r.status === 'ACTIVE' &&
          (r.ex.availableToBack[0]?.price ?? 0) > 1 &&
          offeredToBack(r) >= STAKE * BETS_ON_THE_RUNNER,
      )
      return odds && runner ? { marketId: odds.market_id, runner } : undefined
    },
    'football match with an open, priced match odds market',
  )
  return { matchId, ...picked }
}

describe.each(VIEWPORT_NAMES)('a runner’s price history at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof footballMatch>>

  /**
   * Backs the runner through the API at the worst price, so ₹100 fills however the book moved
   * since it was read (in play the bet waits out a delay while the market maker requotes); what
   * the best price does not offer is taken at the next prices, a match the chart must show.
   */
  const backAtBest = async () => {
    const placed = await post(
      'bet/saveBet',
      {
        is_back: 1,
        market_id: match.marketId,
        odds: WORST_BACK_ODDS,
        selection_id: match.runner.selectionId,
        stack: STAKE,
      },
      saveBetResponse,
      player.token,
    )
    expect(placed.data.status).toBe('MATCHED')
  }

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await footballMatch()
    await backAtBest()
    page = await openBrandPage(browser(), viewport, `/event-page/1/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  const dialog = () =>
    page.getByRole('dialog', { name: `${match.runner.runnerName}: price history` })
  const matchedHere = async () =>
    amount(
      (
        await dialog()
          .getByText(/^Matched here/)
          .innerText()
      ).replace(/^Matched here\s*/, ''),
    )

  it(
    'charts what was matched, and a new match arrives while it is open',
    async () => {
      await page
        .getByRole('region', { name: 'Match Odds' })
        .getByRole('button', { name: `Price chart of ${match.runner.runnerName}` })
        .click()
      await dialog().waitFor()
      await expect
        .poll(() => dialog().locator('[data-testid="price-chart"] canvas').count())
        .toBeGreaterThan(0)
      await expect.poll(matchedHere).toBeGreaterThanOrEqual(100)
      await expect(
        dialog().getByText('Nothing has been matched on this runner yet.').count(),
      ).resolves.toBe(0)
      const before = await matchedHere()
      await saveScreenshot(page, `price-chart-${viewport}`)

      await backAtBest()
      await expect.poll(matchedHere, { timeout: 20_000 }).toBe(before + 100)

      const fiveMinutes = dialog().getByRole('button', { name: '5 min' })
      await fiveMinutes.click()
      await expect(fiveMinutes.getAttribute('aria-pressed')).resolves.toBe('true')
      await expect(
        dialog().getByRole('button', { name: 'All' }).getAttribute('aria-pressed'),
      ).resolves.toBe('false')
    },
    TEST_TIMEOUT_MS,
  )

  it('shows the matched volume at each price on the traded tab', async () => {
    await dialog().getByRole('tab', { name: 'Traded' }).click()
    const rows = dialog().getByRole('table').getByRole('row')
    await expect.poll(() => rows.count()).toBeGreaterThan(1)
    const volumes = await dialog().getByRole('table').locator('tbody td').allInnerTexts()
    expect(volumes.reduce((sum, v) => sum + amount(v), 0)).toBeCloseTo(await matchedHere(), 2)
    await saveScreenshot(page, `price-traded-${viewport}`)
    await dialog().getByRole('button', { name: 'Close' }).click()
    await expect.poll(() => dialog().count()).toBe(0)
  })

  it('tells a matched bet’s order history from Open Bets', async () => {
    await showOpenBets(page, viewport)
    const name = match.runner.runnerName
    await page
      .getByRole('region', { name: 'Matched Bets' })
      .getByRole('button', { name: `Order history of the bet on ${name}` })
      .first()
      .click()
    const history = page.getByRole('dialog', { name: `Order history: ${name}` })
    await history.getByText(/^Placed 100\.00 at \d/).waitFor()
    // A back at the worst price may fill at several prices: one line for each fill.
    const matchedTotal = async () =>
      (await history.getByText(/^Matched [\d,.]+ at \d/).allInnerTexts())
        .map((line) => amount(line.replace(/^Matched ([\d,.]+) at .*$/, '$1')))
        .reduce((sum, stake) => sum + stake, 0)
    await expect.poll(matchedTotal).toBeCloseTo(STAKE, 2)
    await saveScreenshot(page, `order-history-matched-${viewport}`)
    await history.getByRole('button', { name: 'Close' }).click()
  })
})
