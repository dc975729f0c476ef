import { describe, expect, it } from 'vitest'
import { quoteFor } from './market-maker'

const runner = (selectionId: string, back: number, lay: number) => ({
  selectionId,
  name: selectionId,
  status: 'ACTIVE' as const,
  back: [{ price: back, size: 10_000 }],
  lay: [{ price: lay, size: 10_000 }],
})

describe('quoteFor', () => {
  it('lays at the feed back price and backs at the feed lay price', () => {
    expect(quoteFor({ status: 'OPEN', runners: [runner('A', 200, 202)] })).toEqual([
      { selectionId: 'A', side: 'LAY', odds: 200, stake: 10_000 },
      { selectionId: 'A', side: 'BACK', odds: 202, stake: 10_000 },
    ])
  })

  it('leaves out a runner whose feed prices cross, so the maker never matches itself', () => {
    const legs = quoteFor({
      status: 'OPEN',
      runners: [runner('A', 180, 172), runner('B', 230, 230), runner('C', 300, 310)],
    })
    expect(new Set(legs.map((l) => l.selectionId))).toEqual(new Set(['C']))
  })
})
