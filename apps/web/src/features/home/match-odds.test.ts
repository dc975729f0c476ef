import type { Runner } from '@backlay/contract/market'
import { describe, expect, it } from 'vitest'
import { outcomeColumns } from './match-odds'

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
