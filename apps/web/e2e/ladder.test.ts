import { cancelledBetsResponse, saveBetResponse } from '@backlay/contract/bets'
import type { MarketDetail } from '@backlay/contract/match-details'
import type { Page, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  amount,
  findMatch,
  loginAs,
  openBrandPage,
  type Player,
  post,
  TEST_TIMEOUT_MS,
  unmatchedBets,
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
/** Another player, whose offers the ladder shows as anyone's. */
const OTHER: Record<ViewportName, string> = { desktop: 'demo2', mobile: 'demo1' }

/**
 * A football match not yet in play whose match odds are open with a runner priced on both sides.
 * In play a nearly decided match prices its favourite near 1.01, where the ladder has no rows below.
 */
async function footballRunner() {
  const { matchId, picked } = await findMatch(
    '1',
    // The favourite: a back at the top of its ladder waits, as the test needs.
    (m, markets) =>
      m.inplay
        ? undefined
        : favouriteOf(markets.find((d) => d.market_type === 'MATCH_ODDS' && d.status === 'OPEN')),
    'football match with an open, priced match odds runner',
  )
  return { matchId, ...picked }
}

function favouriteOf(market: MarketDetail | undefined) {
  const runner = market?.runners
    .filter((r) => r.status === 'ACTIVE' && r.ex.availableToBack[0] && r.ex.availableToLay[0])
    .sort(
      (x, y) => (x.ex.availableToBack[0]?.price ?? 0) - (y.ex.availableToBack[0]?.price ?? 0),
    )[0]
  return market && runner ? { marketId: market.market_id, runner } : undefined
}

describe.each(VIEWPORT_NAMES)('the one-click ladder at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof footballRunner>>

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await footballRunner()
    page = await openBrandPage(browser(), viewport, `/event-page/1/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  const openLadder = async () => {
    const name = match.runner.runnerName
    await page
      .getByRole('region', { name: 'Match Odds' })
      .getByRole('button', { name: `Ladder of ${name}` })
      .click()
    const ladder = page.getByRole('dialog', { name: `${name}: ladder` })
    await ladder.getByRole('table', { name: 'Prices of the ladder' }).waitFor()
    return ladder
  }
  const mineAt = (ladder: ReturnType<Page['getByRole']>, price: string) =>
    ladder.getByRole('button', {
      name: new RegExp(`^Cancel your back of [\\d,.]+ at ${price.replace('.', '\\.')}$`),
    })
  /** Scrolls the ladder to its top row, 1000, the way a player drags it. */
  const scrollToTop = (ladder: ReturnType<Page['getByRole']>) =>
    ladder
      .getByRole('table', { name: 'Prices of the ladder' })
      .evaluate((table) => table.parentElement?.scrollTo({ top: 0 }))

  it(
    'opens on the best price over every price of the ladder, and places with one click at any',
    async () => {
      const ladder = await openLadder()
      const grid = ladder.getByRole('table', { name: 'Prices of the ladder' })
      await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('350')
      const best = String(match.runner.ex.availableToBack[0]?.price)
      await expect
        .poll(() =>
          ladder.getByRole('button', { name: `Back at ${best}`, exact: true }).isVisible(),
        )
        .toBe(true)
      // Only the rows in view are drawn: the ladder's 350 prices are not all in the page.
      expect(await ladder.getByRole('button', { name: /^Back at / }).count()).toBeLessThan(80)

      // One-click betting is off until the player says yes, once.
      await ladder.getByRole('checkbox', { name: 'One-click betting' }).click()
      const ask = ladder.getByRole('alertdialog', { name: 'Turn on one-click betting' })
      await ask.getByRole('button', { name: 'Turn on' }).click()
      await expect(
        ladder.getByRole('checkbox', { name: 'One-click betting' }).isChecked(),
      ).resolves.toBe(true)
      const stakes = ladder.getByRole('group', { name: 'Stake' }).getByRole('button')
      await stakes.first().click()
      await expect(stakes.first().getAttribute('aria-pressed')).resolves.toBe('true')
      // The + key steps to the next stake, − back.
      await page.keyboard.press('+')
      await expect(stakes.nth(1).getAttribute('aria-pressed')).resolves.toBe('true')
      await page.keyboard.press('-')
      await expect(stakes.first().getAttribute('aria-pressed')).resolves.toBe('true')
      const stake = Number((await stakes.first().innerText()).replaceAll(',', ''))
      await saveScreenshot(page, `ladder-${viewport}`)

      // The top of the ladder, scrolled to: a back at 1000 waits for a layer.
      await scrollToTop(ladder)
      await ladder.getByRole('button', { name: 'Back at 1000', exact: true }).click()
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 30_000 })
        .toBe(1)
      const [bet] = await unmatchedBets(player, match.matchId)
      expect(bet).toMatchObject({ is_back: 1, stack: stake, odds: 1000 })
      await mineAt(ladder, '1000').waitFor({ timeout: 15_000 })
      await mineAt(ladder, '1000').click()
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 15_000 })
        .toBe(0)
      await mineAt(ladder, '1000').waitFor({ state: 'detached', timeout: 15_000 })
      await ladder.getByRole('button', { name: 'Close' }).click()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'a back resting far above the market shows in Yours after “Jump to my bets”; one click cancels it',
    async () => {
      await post(
        'bet/saveBet',
        {
          is_back: 1,
          market_id: match.marketId,
          odds: 900,
          selection_id: match.runner.selectionId,
          stack: 100,
        },
        saveBetResponse,
        player.token,
      )
      const ladder = await openLadder()
      // Opened on the market: the bet's row, far above, is not drawn.
      const best = String(match.runner.ex.availableToBack[0]?.price)
      await ladder.getByRole('button', { name: `Back at ${best}`, exact: true }).waitFor()
      expect(await mineAt(ladder, '900').count()).toBe(0)

      await ladder.getByRole('button', { name: 'Jump to my bets' }).click()
      const mine = mineAt(ladder, '900')
      await expect.poll(() => mine.isVisible(), { timeout: 15_000 }).toBe(true)
      await expect(mine.innerText()).resolves.toBe('100.00')
      await saveScreenshot(page, `ladder-own-bet-${viewport}`)
      await mine.click()
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 15_000 })
        .toBe(0)
      await mine.waitFor({ state: 'detached', timeout: 15_000 })
      // With no bet left on the runner there is nothing to jump to.
      await ladder.getByRole('button', { name: 'Jump to my bets' }).waitFor({ state: 'detached' })
      await ladder.getByRole('button', { name: 'Close' }).click()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'shows another player’s new offer from the stream, with no request for the ladder',
    async () => {
      const ladder = await openLadder()
      await scrollToTop(ladder)
      const layAt990 = ladder.getByRole('button', { name: 'Lay at 990', exact: true })
      await layAt990.waitFor()
      const before = amount((await layAt990.innerText()) || '0')
      const asked: string[] = []
      const track = (request: Request) => {
        if (request.url().includes('/api/v1/exchange/market/ladder')) asked.push(request.url())
      }
      page.on('request', track)
      const other = await loginAs(OTHER[viewport])
      const placed = await post(
        'bet/saveBet',
        {
          is_back: 1,
          market_id: match.marketId,
          odds: 990,
          selection_id: match.runner.selectionId,
          stack: 250,
        },
        saveBetResponse,
        other.token,
      )
      try {
        // A back at 990 is what a layer can take there.
        await expect
          .poll(async () => amount((await layAt990.innerText()) || '0'), { timeout: 15_000 })
          .toBe(before + 250)
        await saveScreenshot(page, `ladder-stream-${viewport}`)
        // Longer than the fallback's polling period: still no request.
        await page.waitForTimeout(2_000)
        expect(asked).toEqual([])
      } finally {
        page.off('request', track)
        await post(
          'bet/cancelUnmatchedBet',
          { bet_id: placed.data.bet_id },
          cancelledBetsResponse,
          other.token,
        )
      }
      await expect
        .poll(async () => amount((await layAt990.innerText()) || '0'), { timeout: 15_000 })
        .toBe(before)
      await ladder.getByRole('button', { name: 'Close' }).click()
    },
    TEST_TIMEOUT_MS,
  )
})
