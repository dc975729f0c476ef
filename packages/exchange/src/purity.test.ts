import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * The domain takes the clock, ids and randomness as arguments and does no I/O, so that it can be
 * replayed, property-tested and benchmarked. Biome's override forbids the globals; this test also
 * catches imports and `Math.random`, which a lint rule on globals does not see.
 */
const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/Math\.random/, 'randomness'],
  [/\bDate\b/, 'the clock'],
  [/\bperformance\b/, 'the clock'],
  [/\b(setTimeout|setInterval|setImmediate|queueMicrotask)\b/, 'timers'],
  [/\bprocess\b/, 'the process'],
  [/\b(fetch|XMLHttpRequest|WebSocket)\b/, 'network I/O'],
  [/\bcrypto\b/, 'randomness'],
  [/from\s+['"]node:/, 'node built-ins'],
  [/\brequire\s*\(/, 'dynamic loading'],
  [/\bimport\s*\(/, 'dynamic loading'],
  [/from\s+['"](?!\.{1,2}\/)/, 'packages (the domain depends on nothing)'],
]

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : []
  })

describe('purity of src/', () => {
  const files = sources(join(import.meta.dirname, '.'))

  it('finds the domain sources', () => {
    expect(files.length).toBeGreaterThan(10)
  })

  it.each(FORBIDDEN)('no source uses %s (%s)', (pattern) => {
    const offenders = files.filter((file) => pattern.test(readFileSync(file, 'utf8')))
    expect(offenders).toEqual([])
  })
})
