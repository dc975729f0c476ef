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

  it('offers only the uncrossed part of a crossed runner, so the maker never matches itself', () => {
    const crossed = {
      ...runner('A', 0, 0),
      back: [182, 180, 176].map((price) => ({ price, size: 10_000 })),
      lay: [178, 184].map((price) => ({ price, size: 10_000 })),
    }
    const legs = quoteFor({
      status: 'OPEN',
      runners: [crossed, runner('B', 230, 230), runner('C', 300, 310)],
    })
    expect(legs.map((l) => `${l.selectionId} ${l.side} ${l.odds}`)).toEqual([
      'A LAY 176',
      'A BACK 184',
      'C LAY 300',
      'C BACK 310',
    ])
  })
})
