import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { autoCashOutTrigger } from './auto-cash-out'
import type { Paise } from './ids'

const p = (n: number) => n as Paise

describe('automatic cash-out triggers', () => {
  it('fire at the profit target and at the loss limit, and not between', () => {
    const rule = { profitTarget: p(50_00), lossLimit: p(20_00) }
    expect(autoCashOutTrigger(p(50_00), rule)).toBe('PROFIT_TARGET')
    expect(autoCashOutTrigger(p(49_99), rule)).toBeNull()
    expect(autoCashOutTrigger(p(-19_99), rule)).toBeNull()
    expect(autoCashOutTrigger(p(-20_00), rule)).toBe('LOSS_LIMIT')
  })

  it('watch only the side that is set', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (value, amount) => {
          expect(autoCashOutTrigger(p(value), { profitTarget: p(amount), lossLimit: null })).toBe(
            value >= amount ? 'PROFIT_TARGET' : null,
          )
          expect(autoCashOutTrigger(p(value), { profitTarget: null, lossLimit: p(amount) })).toBe(
            value <= -amount ? 'LOSS_LIMIT' : null,
          )
        },
      ),
    )
  })
})
