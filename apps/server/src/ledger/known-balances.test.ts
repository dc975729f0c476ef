import { describe, expect, it } from 'vitest'
import { KnownBalances } from './known-balances'

const row = (id: string, balance: number) => ({ id, balance, allow_negative: false, book: 'real' })

describe('KnownBalances', () => {
  it('answers rows only when every account asked for is known', () => {
    const known = new KnownBalances()
    known.remember([row('a', 5), row('b', 7)])
    expect(known.of(['b', 'a'])).toEqual([row('b', 7), row('a', 5)])
    expect(known.of(['a', 'c'])).toBeUndefined()
  })

  it('keeps the latest balance remembered and drops what it is told to forget', () => {
    const known = new KnownBalances()
    known.remember([row('a', 5), row('b', 7)])
    known.remember([row('a', 9)])
    expect(known.of(['a'])).toEqual([row('a', 9)])
    known.forget(['a'])
    expect(known.of(['a'])).toBeUndefined()
    expect(known.of(['b'])).toEqual([row('b', 7)])
  })
})
