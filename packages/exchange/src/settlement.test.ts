import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fillBets, type UserOddsBet } from './exposure'
import type { MarketId, Odds, OrderId, Paise, SelectionId, UserId } from './ids'
import { oddsAtTick } from './ladder'
import { match } from './matching'
import { createBook, type Fill, type Side } from './order-book'
import type { FancySide, UserFancyBet } from './session'
import {
  type MarketResult,
  type SettlementInput,
  type SettlementMarket,
  settleMarket,
  winnerPL,
} from './settlement'

const A = 'A' as SelectionId
const B = 'B' as SelectionId
const accounts = { house: 'house', commission: 'commission', user: (u: UserId) => `user:${u}` }
const odds = (
  userId: string,
  selectionId: SelectionId,
  side: Side,
  price: number,
  stake: number,
): UserOddsBet => ({
  userId: userId as UserId,
  selectionId,
  side,
  odds: price as Odds,
  stake: stake as Paise,
})
const input = (
  market: SettlementMarket,
  result: MarketResult,
  commissionBps = 200,
): SettlementInput => ({
  marketId: '1.5' as MarketId,
  alreadySettled: false,
  result,
  market,
  commissionBps,
  accounts,
})
const sum = (postings: { amount: number }[]) => postings.reduce((s, p) => s + p.amount, 0)

/** A random order of one of `runners`, around evens on the ladder; `user` picks one of five. */
const orderOn = (runners: readonly SelectionId[], ticks = { min: 90, max: 110 }) =>
  fc.record({
    runner: fc.integer({ min: 0, max: runners.length - 1 }),
    side: fc.constantFrom<Side>('BACK', 'LAY'),
    tick: fc.integer(ticks),
    size: fc.integer({ min: 1, max: 100_000 }),
    user: fc.integer({ min: 0, max: 4 }),
  })

/** The matched bets (both sides of every fill) of placing `orders` in turn on a fresh book. */
const matchedBets = (
  runners: readonly SelectionId[],
  orders: readonly { runner: number; side: Side; tick: number; size: number; user: number }[],
): UserOddsBet[] => {
  const book = createBook('1.5' as MarketId, runners)
  const fills: Fill[] = orders.flatMap((o, i) => {
    const placed = match(
      book,
      {
        id: `o${i}` as OrderId,
        userId: `u${o.user}` as UserId,
        selectionId: runners[o.runner] as SelectionId,
        side: o.side,
        odds: oddsAtTick(o.tick),
        size: o.size as Paise,
        persistence: 'LAPSE',
      },
      i,
    )
    return placed.ok ? placed.value.fills : []
  })
  return fills.flatMap(fillBets)
}

describe('settlement', () => {
  it('pays the winner less commission on net winnings; the loser pays; the house nets 0', () => {
    const market: SettlementMarket = {
      kind: 'ODDS',
      selectionIds: [A, B],
      bets: [odds('u1', A, 'BACK', 300, 10000), odds('u2', A, 'LAY', 300, 10000)],
    }
    const result = settleMarket(input(market, { kind: 'WINNER', selectionId: A }))
    expect(result).toEqual({
      ok: true,
      value: {
        marketId: '1.5',
        result: { kind: 'WINNER', selectionId: A },
        users: [
          { userId: 'u1', pl: 20000, commission: 400, net: 19600, releasedExposure: 10000 },
          { userId: 'u2', pl: -20000, commission: 0, net: -20000, releasedExposure: 20000 },
        ],
        postings: [
          { account: 'user:u1', amount: 19600 },
          { account: 'user:u2', amount: -20000 },
          { account: 'commission', amount: 400 },
        ],
      },
    })
  })

  it('charges commission on the NET of a user’s bets in the market', () => {
    const market: SettlementMarket = {
      kind: 'ODDS',
      selectionIds: [A, B],
      bets: [odds('u1', A, 'BACK', 200, 10000), odds('u1', B, 'BACK', 300, 6000)],
    }
    const settled = settleMarket(input(market, { kind: 'WINNER', selectionId: A }, 500))
    // Won 100 on A, lost 60 on B: commission 5% of 40.
    expect(settled.ok && settled.value.users).toEqual([
      { userId: 'u1', pl: 4000, commission: 200, net: 3800, releasedExposure: 0 },
    ])
    expect(settled.ok && settled.value.postings).toEqual([
      { account: 'user:u1', amount: 3800 },
      { account: 'commission', amount: 200 },
      { account: 'house', amount: -4000 },
    ])
  })

  it('void returns everyone’s stake: no postings, exposure released', () => {
    const market: SettlementMarket = {
      kind: 'ODDS',
      selectionIds: [A, B],
      bets: [odds('u1', A, 'BACK', 300, 10000)],
    }
    const settled = settleMarket(input(market, { kind: 'VOID' }))
    expect(settled.ok && settled.value.postings).toEqual([])
    expect(settled.ok && settled.value.users[0]?.releasedExposure).toBe(10000)
  })

  it('settles a fancy on runs against the house', () => {
    const market: SettlementMarket = {
      kind: 'FANCY',
      bets: [
        { userId: 'u1' as UserId, side: 'YES', line: 50, rate: 90, stake: 10000 as Paise },
        { userId: 'u2' as UserId, side: 'NO', line: 48, rate: 110, stake: 10000 as Paise },
      ],
    }
    const settled = settleMarket(input(market, { kind: 'RUNS', runs: 52 }, 0))
    expect(settled.ok && settled.value.postings).toEqual([
      { account: 'user:u1', amount: 9000 },
      { account: 'user:u2', amount: -11000 },
      { account: 'house', amount: 2000 },
    ])
  })

  it('refuses to settle twice, and results that do not fit the market', () => {
    const oddsMarket: SettlementMarket = { kind: 'ODDS', selectionIds: [A, B], bets: [] }
    const winner: MarketResult = { kind: 'WINNER', selectionId: A }
    expect(settleMarket({ ...input(oddsMarket, winner), alreadySettled: true })).toEqual({
      ok: false,
      code: 'SETTLE.ALREADY_SETTLED',
      msg: 'The market is already settled.',
    })
    expect(settleMarket(input(oddsMarket, { kind: 'RUNS', runs: 3 }))).toMatchObject({
      code: 'SETTLE.RESULT_MISMATCH',
    })
    expect(
      settleMarket(input(oddsMarket, { kind: 'WINNER', selectionId: 'Z' as SelectionId })),
    ).toMatchObject({ code: 'SETTLE.UNKNOWN_WINNER' })
    expect(settleMarket(input({ kind: 'FANCY', bets: [] }, winner))).toMatchObject({
      code: 'SETTLE.RESULT_MISMATCH',
    })
    expect(settleMarket(input(oddsMarket, winner, 10001))).toMatchObject({
      code: 'SETTLE.INVALID_COMMISSION',
    })
  })

  it('exchange markets: postings sum to zero, commission goes to its account, the house nets 0', () => {
    fc.assert(
      fc.property(
        fc.array(orderOn([A, B]), { maxLength: 60 }),
        fc.oneof(
          fc.constantFrom<MarketResult>(
            { kind: 'WINNER', selectionId: A },
            { kind: 'WINNER', selectionId: B },
          ),
          fc.constant<MarketResult>({ kind: 'VOID' }),
        ),
        fc.integer({ min: 0, max: 10000 }),
        (orders, result, bps) => {
          const market: SettlementMarket = {
            kind: 'ODDS',
            selectionIds: [A, B],
            bets: matchedBets([A, B], orders),
          }
          const settled = settleMarket(input(market, result, bps))
          if (!settled.ok) throw new Error(settled.code)
          const { users, postings } = settled.value
          expect(sum(postings)).toBe(0)
          const commission = users.reduce((s, u) => s + u.commission, 0)
          expect(postings.find((p) => p.account === 'commission')?.amount ?? 0).toBe(commission)
          expect(postings.find((p) => p.account === 'house')).toBeUndefined()
          for (const u of users) {
            expect(u.commission).toBeLessThanOrEqual(Math.max(0, u.pl))
            expect(-u.pl).toBeLessThanOrEqual(u.releasedExposure)
          }
        },
      ),
      { numRuns: 200 },
    )
  })

  it('fancy markets: postings sum to zero with the house as counterparty', () => {
    const bet = fc.record({
      userId: fc.constantFrom('u1', 'u2', 'u3').map((u) => u as UserId),
      side: fc.constantFrom<FancySide>('YES', 'NO'),
      line: fc.integer({ min: 0, max: 200 }),
      rate: fc.integer({ min: 2, max: 300 }),
      stake: fc.integer({ min: 1, max: 1_000_000 }).map((n) => n as Paise),
    })
    fc.assert(
      fc.property(
        fc.array(bet, { maxLength: 20 }),
        fc.integer({ min: 0, max: 250 }),
        fc.integer({ min: 0, max: 10000 }),
        (bets: UserFancyBet[], runs, bps) => {
          const settled = settleMarket(input({ kind: 'FANCY', bets }, { kind: 'RUNS', runs }, bps))
          if (!settled.ok) throw new Error(settled.code)
          expect(sum(settled.value.postings)).toBe(0)
          for (const u of settled.value.users) expect(-u.pl).toBeLessThanOrEqual(u.releasedExposure)
        },
      ),
    )
  })

  describe('dead heats', () => {
    const C = 'C' as SelectionId

    it('pays each tied winner on a share of the stake: the average over the winners', () => {
      // ₹100 back at 3.00 on A in a two-way dead heat: half wins ₹100, half loses ₹50 → +₹50.
      expect(winnerPL([odds('u', A, 'BACK', 300, 100_00)], [A, B])).toBe(50_00)
      // At 1.50 the half that wins (₹25) is less than the half lost (₹50): a loss of ₹25.
      expect(winnerPL([odds('u', A, 'BACK', 150, 100_00)], [A, B])).toBe(-25_00)
      // The layer of A takes the other side; a bet on the loser C is lost whoever shares the win.
      expect(winnerPL([odds('u', A, 'LAY', 300, 100_00)], [A, B])).toBe(-50_00)
      expect(winnerPL([odds('u', C, 'BACK', 300, 100_00)], [A, B])).toBe(-100_00)
      const market: SettlementMarket = {
        kind: 'ODDS',
        selectionIds: [A, B, C],
        bets: [odds('backer', A, 'BACK', 300, 100_00), odds('layer', A, 'LAY', 300, 100_00)],
      }
      const settled = settleMarket(
        input(market, { kind: 'WINNER', selectionId: A, deadHeatWith: [B] }, 0),
      )
      if (!settled.ok) throw new Error(settled.code)
      expect(settled.value.users.map((u) => [u.userId, u.pl])).toEqual([
        ['backer', 50_00],
        ['layer', -50_00],
      ])
    })

    it('refuses a dead heat that names an outsider or the same winner twice', () => {
      const market: SettlementMarket = { kind: 'ODDS', selectionIds: [A, B], bets: [] }
      expect(
        settleMarket(input(market, { kind: 'WINNER', selectionId: A, deadHeatWith: [C] })),
      ).toMatchObject({ ok: false, code: 'SETTLE.UNKNOWN_WINNER' })
      expect(
        settleMarket(input(market, { kind: 'WINNER', selectionId: A, deadHeatWith: [A] })),
      ).toMatchObject({ ok: false, code: 'SETTLE.RESULT_MISMATCH' })
    })

    it('keeps postings at zero and every loss within the exposure held, however many tie', () => {
      const runners = [A, B, C]
      fc.assert(
        fc.property(
          fc.array(orderOn(runners, { min: 1, max: 250 }), { maxLength: 60 }),
          fc.subarray(runners, { minLength: 2 }),
          fc.integer({ min: 0, max: 10000 }),
          (orders, winners, bps) => {
            const bets = matchedBets(runners, orders)
            const [first, ...rest] = winners as [SelectionId, ...SelectionId[]]
            const settled = settleMarket(
              input(
                { kind: 'ODDS', selectionIds: runners, bets },
                { kind: 'WINNER', selectionId: first, deadHeatWith: rest },
                bps,
              ),
            )
            if (!settled.ok) throw new Error(settled.code)
            expect(sum(settled.value.postings)).toBe(0)
            for (const u of settled.value.users) {
              expect(-u.pl).toBeLessThanOrEqual(u.releasedExposure)
              expect(u.commission).toBeLessThanOrEqual(Math.max(0, u.pl))
            }
          },
        ),
        { numRuns: 200 },
      )
    })
  })
})
