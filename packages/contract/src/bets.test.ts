import { describe, expect, it } from 'vitest'
import {
  bet,
  cashOutResponse,
  openBetsRequest,
  saveBetRequest,
  saveFancyBetRequest,
  saveHrBetRequest,
  settledBetsRequest,
  teamPositionResponse,
} from './bets'
import { msg } from './test-fixtures'

describe('saveBet', () => {
  const body = { is_back: 1, market_id: '1.234', odds: 1.95, selection_id: 4711, stack: 100 }
  it('takes the spec fields; selection ids may be numbers', () => {
    expect(saveBetRequest.parse(body)).toEqual({ ...body, selection_id: '4711' })
  })
  it('stake: at most 2 decimals, above 0, at most 1,00,00,000', () => {
    expect(msg(saveBetRequest.safeParse({ ...body, stack: 10.005 }))).toBe(
      'Amount may have at most 2 decimals.',
    )
    expect(msg(saveBetRequest.safeParse({ ...body, stack: 0 }))).toBe(
      'Stake must be greater than 0',
    )
    expect(msg(saveBetRequest.safeParse({ ...body, stack: 10_000_001 }))).toBe(
      'Value cannot exceed 1,00,00,000.',
    )
  })
  it('odds from 1.01 to 1000', () => {
    expect(msg(saveBetRequest.safeParse({ ...body, odds: 1 }))).toBe(
      'Odds must be between 1.01 and 1000',
    )
    expect(msg(saveBetRequest.safeParse({ ...body, odds: 1001 }))).toBe(
      'Odds must be between 1.01 and 1000',
    )
  })
  it('rejects unknown fields and a boolean side', () => {
    expect(msg(saveBetRequest.safeParse({ ...body, user_id: 'someone' }))).toBe(
      'Unknown field: user_id',
    )
    expect(saveBetRequest.safeParse({ ...body, is_back: true }).success).toBe(false)
  })
})

describe('saveFancyBet', () => {
  it("a line bet at rate 1 or less: 'Bhaw cannot be less than 1.'", () => {
    const body = { is_back: 0, fancy_id: 'f-9', run: 45, size: 100, stack: 500 }
    expect(saveFancyBetRequest.parse(body).size).toBe(100)
    expect(msg(saveFancyBetRequest.safeParse({ ...body, size: 1 }))).toBe(
      'Bhaw cannot be less than 1.',
    )
  })
})

describe('saveHrBet', () => {
  const leg = (selection_id: number, odds: number, stack: number) => ({
    selection_id,
    selection_name: `Runner ${selection_id}`,
    market_id: '1.99',
    odds,
    is_back: 1,
    stack,
  })
  it('takes a list of up to 4 legs of one market', () => {
    expect(saveHrBetRequest.parse([leg(1, 3, 200), leg(2, 4, 150), leg(3, 6, 100)])).toHaveLength(3)
    const five = [1, 2, 3, 4, 5].map((i) => leg(i, 5, 100))
    expect(msg(saveHrBetRequest.safeParse(five))).toBe('At most 4 runners can be combined')
  })
  it('refuses mixed markets, repeated runners and whole-rupee breaks', () => {
    expect(
      msg(saveHrBetRequest.safeParse([leg(1, 3, 200), { ...leg(2, 4, 150), market_id: '1.98' }])),
    ).toBe('All selections must be in the same market')
    expect(msg(saveHrBetRequest.safeParse([leg(1, 3, 200), leg(1, 3, 100)]))).toBe(
      'Each runner can be selected once',
    )
    expect(msg(saveHrBetRequest.safeParse([leg(1, 3, 200.5)]))).toBe(
      'Please enter a valid integer.',
    )
  })
})

describe('bet lists', () => {
  it('openBets limit is 100 or 150 and search keys are the spec ones', () => {
    const r = openBetsRequest.parse({
      limit: 150,
      page: 1,
      search: { delete_status: 0, match_id: 'm1', is_matched: 1 },
    })
    expect(r.limit).toBe(150)
    expect(openBetsRequest.safeParse({ limit: 120, page: 1 }).success).toBe(false)
    expect(msg(openBetsRequest.safeParse({ page: 1, search: { everything: true } }))).toBe(
      'Unknown field: search.everything',
    )
  })
  it('settledBets uses 150 and a sane date window', () => {
    expect(settledBetsRequest.parse({ page: 2 }).limit).toBe(150)
    expect(
      msg(
        settledBetsRequest.safeParse({
          page: 1,
          from_date: '2026-11-23T00:00:00Z',
          to_date: '2026-11-01T00:00:00Z',
        }),
      ),
    ).toBe('from_date must not be after to_date')
  })
  it('parses a back bet of the spec shape', () => {
    const b = bet.parse({
      bet_id: 'b1',
      match_id: 'm1',
      market_id: '1.234',
      match_name: 'India v Australia',
      market_name: 'Match Odds',
      marketType: 'MATCH_ODDS',
      selection_id: '4711',
      selection_name: 'India',
      odds: 1.95,
      stack: 100,
      liability: 100,
      profit: 95,
      is_back: 1,
      is_fancy: 0,
      type: 'Back',
      createdAt: '2026-11-23T09:00:00Z',
      sport_id: '4',
      series_name: 'Test Series',
      event_type: null,
      run: null,
      size: null,
      is_matched: 1,
    })
    expect(b.profit).toBe(95)
  })
})

describe('cash-out and positions', () => {
  it('reads data.status and data.msg', () => {
    const r = cashOutResponse.parse({
      status: true,
      data: { status: true, msg: 'Cash-out successful.' },
    })
    expect(r.data.msg).toBe('Cash-out successful.')
  })
  it('team position lists user_pl per selection per market', () => {
    const r = teamPositionResponse.parse({
      status: true,
      data: {
        '1.234': [
          { selection_id: '4711', user_pl: 95 },
          { selection_id: '4712', user_pl: -100 },
        ],
      },
    })
    expect(r.data['1.234']?.[1]?.user_pl).toBe(-100)
  })
})
