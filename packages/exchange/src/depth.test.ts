import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type Level, levelChanges, withLevelChanges } from './depth'

const side = fc
  .uniqueArray(
    fc.record({
      price: fc.integer({ min: 101, max: 1000 }),
      size: fc.integer({ min: 1, max: 1e6 }),
    }),
    {
      selector: (l) => l.price,
      maxLength: 30,
    },
  )
  .map((levels) => [...levels].sort((a, b) => b.price - a.price))

describe('level deltas', () => {
  it('names each changed price and each price gone as size 0', () => {
    expect(
      levelChanges(
        [
          { price: 200, size: 5 },
          { price: 198, size: 7 },
        ],
        [
          { price: 202, size: 3 },
          { price: 198, size: 7 },
        ],
      ),
    ).toEqual([
      { price: 202, size: 3 },
      { price: 200, size: 0 },
    ])
    expect(levelChanges([{ price: 200, size: 5 }], [{ price: 200, size: 5 }])).toEqual([])
  })

  it('lists the result in the side’s order', () => {
    const levels: Level[] = [{ price: 200, size: 5 }]
    const changes = [
      { price: 202, size: 3 },
      { price: 150, size: 1 },
    ]
    expect(withLevelChanges(levels, changes, 'HIGHEST_FIRST').map((l) => l.price)).toEqual([
      202, 200, 150,
    ])
    expect(withLevelChanges(levels, changes, 'LOWEST_FIRST').map((l) => l.price)).toEqual([
      150, 200, 202,
    ])
  })

  it('applying the changes to the old levels gives the new ones, also twice over (a replay)', () => {
    fc.assert(
      fc.property(side, side, (before, after) => {
        const changes = levelChanges(before, after)
        const once = withLevelChanges(before, changes, 'HIGHEST_FIRST')
        expect(once).toEqual(after)
        expect(withLevelChanges(once, changes, 'HIGHEST_FIRST')).toEqual(after)
      }),
    )
  })
})
