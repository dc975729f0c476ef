import { orderHistoryResponse, saveBetResponse } from '@backlay/contract/bets'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { orderEvents } from './order-history'
import { declareResult } from './settlement'
import { call, marketToRestOn, newPlayer } from './test-support'

const at = (s: string) => new Date(`2026-11-25T10:${s}Z`)

describe('a bet’s order history', () => {
  it('lists its fills as matched (cut or void by non-runners), what came off the book and the settlement', () => {
    const events = orderEvents(
      {
        odds: 300,
        stake: 300_00,
        matched: 200_00,
        cancelled: 100_00,
        status: 'SETTLED',
        result: 'WON',
        pl: 150_00,
        market_kind: 'WIN',
        placed_at: at('00:00'),
        settled_at: at('09:00'),
      },
      [
        { at: at('01:00'), odds: 240, matched_odds: 300, stake: 150_00, voided: false },
        { at: at('02:00'), odds: 310, matched_odds: null, stake: 50_00, voided: false },
      ],
      [{ at: at('05:00'), kind: 'LAPSED', size: 60_00 }],
    )
    expect(events.map((e) => [e.at.slice(14, 19), e.kind, e.stake, e.odds, e.reducedTo])).toEqual([
      ['00:00', 'PLACED', 300, 3, null],
      ['01:00', 'MATCHED', 150, 3, 2.4],
      ['02:00', 'MATCHED', 50, 3.1, null],
      ['05:00', 'LAPSED', 60, null, null],
      ['09:00', 'CANCELLED', 40, null, null],
      ['09:00', 'SETTLED', null, null, null],
    ])
    expect(events.at(-1)).toMatchObject({ result: 'WON', pl: 150 })
  })

  describe('through bet/orderHistory', () => {
    let t: TestApp
    const clock = manualClock('2026-11-25T10:00:00Z')
    beforeAll(async () => {
      t = await buildTestApp({ clock })
    })
    afterAll(() => t.close())

    it('answers the player’s own bets: matched, cancelled, lapsed and settled', async () => {
      const { market, runner } = await marketToRestOn(t.app)
      await t.app.db
        .updateTable('markets')
        .set({ inplay: false })
        .where('id', '=', market.id)
        .execute()
      const player = await newPlayer(t.app, { rupees: 1_000 })
      const back = async (odds: number) =>
        saveBetResponse.parse(
          (
            await call(t.app, player.token, 'POST', 'bet/saveBet', {
              is_back: 1,
              market_id: market.id,
              odds,
              selection_id: runner.selection_id,
              stack: 100,
            })
          ).body,
        ).data
      const history = async (betId: string, token = player.token) => {
        const res = await call(t.app, token, 'POST', 'bet/orderHistory', { bet_id: betId })
        return res.status === 200 ? orderHistoryResponse.parse(res.body).data : res
      }
      const kinds = async (betId: string) => {
        const h = await history(betId)
        return 'events' in h ? h.events.map((e) => [e.kind, e.stake]) : h
      }

      const matched = await back((runner.back[0]?.price ?? 0) / 100)
      clock.advance(1_000)
      const cancelled = await back(1000)
      clock.advance(1_000)
      const lapsed = await back(1000)
      clock.advance(1_000)
      await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBet', {
        bet_id: cancelled.bet_id,
      })
      await t.app.db
        .updateTable('markets')
        .set({ inplay: true })
        .where('id', '=', market.id)
        .execute()
      await t.app.exchange.turnInPlay(market.id)
      clock.advance(1_000)
      await declareResult(t.app, {
        marketId: market.id,
        winnerSelectionId: runner.selection_id,
        actorId: 'test',
      })

      expect(await kinds(matched.bet_id)).toEqual([
        ['PLACED', 100],
        ['MATCHED', 100],
        ['SETTLED', null],
      ])
      expect(await kinds(cancelled.bet_id)).toEqual([
        ['PLACED', 100],
        ['CANCELLED', 100],
        ['SETTLED', null],
      ])
      expect(await kinds(lapsed.bet_id)).toEqual([
        ['PLACED', 100],
        ['LAPSED', 100],
        ['SETTLED', null],
      ])
      const whole = await history(matched.bet_id)
      expect(whole).toMatchObject({ selection_name: expect.any(String), is_back: 1 })
      expect('events' in whole && whole.events.at(-1)).toMatchObject({ result: 'WON' })

      const other = await newPlayer(t.app, { rupees: 0 })
      expect(await history(matched.bet_id, other.token)).toMatchObject({
        status: 404,
        body: { msg: 'Bet not found' },
      })
    })
  })
})
