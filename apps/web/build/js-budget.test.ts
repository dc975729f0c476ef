import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { jsBudget } from './js-budget'

/** Incompressible code of about `bytes` gzip bytes, so the sums are easy to predict. */
const code = (bytes: number) => `/*${randomBytes(bytes / 2).toString('hex')}*/`
const gz = (text: string) => gzipSync(text, { level: 9 }).length

const chunk = (text: string, imports: string[], facadeModuleId: string, isEntry = false) => ({
  type: 'chunk' as const,
  code: text,
  imports,
  isEntry,
  facadeModuleId,
})

const entry = code(4_000)
const vendor = code(3_000)
const home = code(1_000)
const page = code(5_000)
const bundle = {
  'index.js': chunk(entry, ['vendor.js'], '/app/index.html', true),
  'vendor.js': chunk(vendor, [], '/node_modules/react/index.js'),
  'home.js': chunk(home, ['vendor.js'], '/app/src/app/routes/home.tsx'),
  // A page the first screen never loads.
  'event-page.js': chunk(page, ['vendor.js'], '/app/src/features/event-page/event-page.tsx'),
  'index.css': { type: 'asset' as const },
}
const firstScreen = gz(entry) + gz(vendor) + gz(home)

/** Runs the plugin's bundle hook and reports what it said. */
function check(maxGzipBytes: number) {
  const said: { error?: string; info?: string } = {}
  const plugin = jsBudget({ maxGzipBytes, firstScreen: ['src/app/routes/home.tsx'] })
  const hook = plugin.generateBundle as (this: unknown, options: unknown, output: unknown) => void
  hook.call(
    {
      error: (message: string) => {
        said.error = message
        throw new Error(message)
      },
      info: (message: string) => {
        said.info = message
      },
    },
    {},
    bundle,
  )
  return said
}

describe('jsBudget', () => {
  it('counts the entry, the first screen and their static imports once, and nothing lazy', () => {
    const said = check(firstScreen)
    expect(said.error).toBeUndefined()
    expect(said.info).toContain(`${(firstScreen / 1024).toFixed(1)} KiB gzip in 3 files`)
  })

  it('fails the build one byte over the budget', () => {
    expect(() => check(firstScreen - 1)).toThrow(/over budget/)
  })
})
