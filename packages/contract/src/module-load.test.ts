import { readdirSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'

// Every module of the contract except the tests; loaded fresh by the test below.
const modules = readdirSync(new URL('.', import.meta.url)).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
)

afterEach(() => {
  vi.restoreAllMocks()
})

describe('loading the contract', () => {
  it('builds no number format: the first one in a browser page loads locale data on its main thread', async () => {
    vi.resetModules()
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    for (const file of modules) await import(`./${file}`)
    expect(modules.length).toBeGreaterThan(40)
    expect(numberFormat).not.toHaveBeenCalled()
  })
})
