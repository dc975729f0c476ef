import { orderHistoryResponse, saveBetResponse } from '@backlay/contract/bets'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  backFarAbove,
  cancelUnmatched,
  loginAs,
  openBrandPage,
  type Player,
  post,
  prePlayMatch,
  setInPlay,
  showOpenBets,
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

const taken: string[] = []

describe.each(VIEWPORT_NAMES)('keeping a bet in-play at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof prePlayMatch>>

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await prePlayMatch(taken)
    taken.push(match.matchId)
    page = await openBrandPage(browser(), viewport, `/event-page/2/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    await cancelUnmatched(player, match.matchId)
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'keeps the bet chosen to stay through the in-play turn, and lapses the other',
    async () => {
      const name = match.runner.runnerName
      const popup = await backFarAbove(page, name)
      const keep = popup.getByRole('checkbox', { name: 'Keep the unmatched part in-play' })
      await keep.check()
      await saveScreenshot(page, `keep-in-play-slip-${viewport}`)
      await popup.getByRole('button', { name: /^Place Bet/ }).click()
      await popup.waitFor({ state: 'detached', timeout: 60_000 })
      // A second bet left to lapse, placed straight through the API.
      const lapsing = await post(
        'bet/saveBet',
        {
          is_back: 1,
          market_id: match.marketId,
          odds: 1000,
          selection_id: match.runner.selectionId,
          stack: 100,
        },
        saveBetResponse,
        player.token,
      )
      expect(lapsing.data.status).toBe('UNMATCHED')
      const before = await unmatchedBets(player, match.matchId)
      const kept = before.find((b) => b.persistence === 'PERSIST')
      expect(before.map((b) => b.persistence).sort()).toEqual(['LAPSE', 'PERSIST'])

      await showOpenBets(page, viewport)
      const unmatched = page.getByRole('region', { name: 'Unmatched Bets' })
      const choices = unmatched.getByRole('checkbox', { name: `Keep ${name} in-play` })
      await expect.poll(() => choices.count()).toBe(2)
      expect(await Promise.all((await choices.all()).map((c) => c.isChecked()))).toEqual(
        before.map((b) => b.persistence === 'PERSIST'),
      )
      await saveScreenshot(page, `keep-in-play-open-bets-${viewport}`)

      await setInPlay(match.marketId, true)
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).map((b) => b.bet_id), {
          timeout: 30_000,
        })
        .toEqual([kept?.bet_id])
      // The page learns of the lapse from the stream, or from its next poll if a phone's stream
      // reconnects meanwhile. Only this match's lines count: the player may rest bets elsewhere
      // (another file's racing bet on the same server).
      await expect
        .poll(() => unmatched.getByTestId('unmatched-line').filter({ hasText: name }).count(), {
          timeout: 35_000,
        })
        .toBe(1)
      await expect(choices.first().isChecked()).resolves.toBe(true)
      await saveScreenshot(page, `keep-in-play-after-turn-${viewport}`)

      // Its order history is a click away; the other one's ends in its lapse.
      await unmatched.getByRole('button', { name: `Order history of the bet on ${name}` }).click()
      const history = page.getByRole('dialog', { name: `Order history: ${name}` })
      await history.getByText('Placed 100.00 at 1000').waitFor()
      await saveScreenshot(page, `order-history-${viewport}`)
      await history.getByRole('button', { name: 'Close' }).click()
      const lapsed = await post(
        'bet/orderHistory',
        { bet_id: lapsing.data.bet_id },
        orderHistoryResponse,
        player.token,
      )
      expect(lapsed.data.events.map((e) => e.kind)).toEqual(['PLACED', 'LAPSED'])
    },
    TEST_TIMEOUT_MS,
  )
})
