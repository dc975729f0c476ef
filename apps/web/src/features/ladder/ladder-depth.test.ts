import { describe, expect, it } from 'vitest'
import { patchDepth } from './ladder-depth'

describe('a ladder’s depth', () => {
  const image = {
    type: 'depth' as const,
    market_id: '1.1',
    seq: 7,
    image: true,
    runners: [
      {
        selectionId: 'a',
        back: [{ price: 2, size: 50 }],
        lay: [{ price: 2.02, size: 30 }],
        traded: [{ price: 2, size: 10 }],
        lastTradedPrice: 2,
      },
    ],
  }

  it('starts from an image, then changes only the named levels and keeps the last price', () => {
    // A change before any image has nothing to apply to.
    expect(patchDepth(undefined, { ...image, image: false, seq: 6 })).toBeUndefined()
    const next = patchDepth(patchDepth(undefined, image), {
      type: 'depth',
      market_id: '1.1',
      seq: 8,
      image: false,
      runners: [
        {
          selectionId: 'a',
          lay: [
            { price: 8, size: 100 },
            { price: 2.02, size: 0 },
          ],
        },
      ],
    })
    expect(next).toEqual({
      marketId: '1.1',
      runners: [{ ...image.runners[0], lay: [{ price: 8, size: 100 }] }],
    })
  })

  it('an image replaces what was there', () => {
    const before = patchDepth(undefined, image)
    const next = patchDepth(before, {
      ...image,
      runners: [{ selectionId: 'a', back: [], lay: [], traded: [] }],
    })
    expect(next?.runners).toEqual([
      { selectionId: 'a', back: [], lay: [], traded: [], lastTradedPrice: 2 },
    ])
  })
})
