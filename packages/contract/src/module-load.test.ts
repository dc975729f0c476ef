import { afterEach, describe, expect, it, vi } from 'vitest'

// Every module of the contract except the tests; loaded fresh by each test below.
const modules = import.meta.glob(['./*.ts', '!./*.test.ts'])

afterEach(() => {
  vi.restoreAllMocks()
})

describe('loading the contract', () => {
  it('builds no number format: the first one in a browser page loads locale data on its main thread', async () => {
    vi.resetModules()
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    for (const load of Object.values(modules)) await load()
    expect(Object.keys(modules).length).toBeGreaterThan(40)
    expect(numberFormat).not.toHaveBeenCalled()
  })
})
