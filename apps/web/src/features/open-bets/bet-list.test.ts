import type { Bet } from '@backlay/contract/bets'
import { describe, expect, it } from 'vitest'
import { betPL, betTarget, groupBets } from './bet-list'

const bet = (id: string, over: Partial<Bet>): Bet =>
  ({
    bet_id: id,
    match_id: 'm1',
    match_name: 'India v Australia',
    market_id: '1.1',
    market_name: 'Match Odds',
    selection_id: 'a',
    selection_name: 'India',
    odds: 2,
    stack: 100,
    profit: 100,
    liability: 100,
    is_back: 1,
    is_fancy: 0,
    run: null,
    sport_id: '4',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...over,
  }) as Bet

const bets = [
  bet('1', { createdAt: '2026-11-23T10:00:00.000Z' }),
  bet('2', { stack: 50, profit: 50, createdAt: '2026-11-23T10:01:00.000Z' }),
  bet('3', { odds: 3, stack: 100, profit: 200, createdAt: '2026-11-23T10:02:00.000Z' }),
  bet('4', {
    selection_id: 'b',
    selection_name: 'Australia',
    is_back: 0,
    odds: 2.5,
    liability: 150,
    profit: 100,
    createdAt: '2026-11-23T10:03:00.000Z',
  }),
]

const lines = (mode: Parameters<typeof groupBets>[1]) =>
  groupBets(bets, mode)[0]?.lines.map((l) => [l.bet.selection_name, l.odds, l.stake, l.pl])

describe('groupBets', () => {
  it('lists backs before lays, oldest first, with back profit and lay liability as P/L', () => {
    expect(lines('plain')).toEqual([
      ['India', 2, 100, 100],
      ['India', 2, 50, 50],
      ['India', 3, 100, 200],
      ['Australia', 2.5, 100, -150],
    ])
  })
  it('Consolidated merges one selection, side and price', () => {
    expect(lines('consolidated')).toEqual([
      ['India', 2, 150, 150],
      ['India', 3, 100, 200],
      ['Australia', 2.5, 100, -150],
    ])
  })
  it('Average Odds merges one selection and side at the stake-weighted price', () => {
    expect(lines('average')).toEqual([
      ['India', 2.4, 250, 350],
      ['Australia', 2.5, 100, -150],
    ])
  })
  it('Order By Date lists the newest first', () => {
    expect(lines('byDate')?.map((l) => l[0])).toEqual(['Australia', 'India', 'India', 'India'])
  })
  it('groups per match, latest activity first', () => {
    const groups = groupBets(
      [
        ...bets,
        bet('5', { match_id: 'm2', match_name: 'Late', createdAt: '2026-11-23T11:00:00.000Z' }),
      ],
      'plain',
    )
    expect(groups.map((g) => [g.matchName, g.at])).toEqual([
      ['Late', '2026-11-23T11:00:00.000Z'],
      ['India v Australia', '2026-11-23T10:03:00.000Z'],
    ])
  })
})

describe('bet cards', () => {
  it('send racing bets to their racing pages and others to the event page', () => {
    expect(betTarget('7', 'm')).toBe('/horse-racing')
    expect(betTarget('4339', 'm')).toBe('/greyhound-racing')
    expect(betTarget('4', 'm9')).toBe('/event-page/4/m9')
  })
  it('show a back bet winning its profit and a lay risking its liability', () => {
    expect(betPL({ is_back: 1, profit: 80, liability: 100 })).toBe(80)
    expect(betPL({ is_back: 0, profit: 100, liability: 80 })).toBe(-80)
  })
})
