import type { Runner } from '@backlay/contract/market'
import type { HomeMatch } from '@backlay/contract/matches'
import { describe, expect, it } from 'vitest'
import { liveFirst, outcomeColumns } from './match-odds'

const runner = (name: string, sort_priority: number, back: number, lay: number): Runner => ({
  selectionId: name,
  runnerName: name,
  selection_name: name,
  sort_priority,
  status: 'ACTIVE',
  ex: {
    availableToBack: [
      { price: back, size: 100 },
      { price: back - 0.01, size: 50 },
    ],
    availableToLay: [{ price: lay, size: 80 }],
    tradedVolume: 0,
  },
  metadata: null,
})

describe('outcomeColumns', () => {
  it('leaves X empty for a two-way market', () => {
    const columns = outcomeColumns([
      runner('India', 1, 1.8, 1.81),
      runner('Australia', 2, 2.2, 2.22),
    ])
    expect(columns.map((c) => [c.outcome, c.runner?.runnerName])).toEqual([
      ['home', 'India'],
      ['draw', undefined],
      ['away', 'Australia'],
    ])
  })

  it('puts the third-ranked runner (the draw) in the middle, whatever the input order', () => {
    const columns = outcomeColumns([
      runner('The Draw', 3, 3.5, 3.55),
      runner('Arsenal', 1, 2.1, 2.12),
      runner('Chelsea', 2, 3.4, 3.45),
    ])
    expect(columns.map((c) => c.runner?.runnerName)).toEqual(['Arsenal', 'The Draw', 'Chelsea'])
  })

  it('takes the best back and the best lay offer', () => {
    const [home] = outcomeColumns([
      runner('India', 1, 1.8, 1.81),
      runner('Australia', 2, 2.2, 2.22),
    ])
    expect(home?.back).toEqual({ price: 1.8, size: 100 })
    expect(home?.lay).toEqual({ price: 1.81, size: 80 })
  })
})

describe('liveFirst', () => {
  const match = (match_id: string, inplay: boolean, match_date: string) =>
    ({ match_id, inplay, match_date }) as HomeMatch

  it('lists in-play matches first, each group by start time', () => {
    const sorted = liveFirst([
      match('later', false, '2026-11-23T18:00:00.000Z'),
      match('live-late', true, '2026-11-23T10:00:00.000Z'),
      match('soon', false, '2026-11-23T12:00:00.000Z'),
      match('live-early', true, '2026-11-23T08:00:00.000Z'),
    ])
    expect(sorted.map((m) => m.match_id)).toEqual(['live-early', 'live-late', 'soon', 'later'])
  })
})
