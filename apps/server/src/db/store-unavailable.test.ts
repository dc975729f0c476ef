import { describe, expect, it } from 'vitest'
import { storeUnavailable } from './store-unavailable'

describe('storeUnavailable', () => {
  it('knows a failover, a restart and a cut network from a fault of ours', () => {
    expect(
      storeUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' })),
    ).toBe(true)
    expect(storeUnavailable(Object.assign(new Error('read-only'), { code: '25006' }))).toBe(true)
    expect(storeUnavailable(Object.assign(new Error('no route'), { code: '08006' }))).toBe(true)
    expect(storeUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    )
    expect(storeUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
    // A transaction's rollback on a connection that broke mid-way (node-postgres's own wording).
    expect(
      storeUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    ).toBe(true)
    expect(
      storeUnavailable(new Error('wrapped', { cause: new Error('Connection terminated') })),
    ).toBe(true)
    expect(storeUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    )
    expect(storeUnavailable(new TypeError('x is undefined'))).toBe(false)
  })
})
