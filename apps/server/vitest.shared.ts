import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { ViteUserConfig } from 'vitest/config'

const SRC = join(import.meta.dirname, 'src')
/** Every test store comes from here (test-app.ts and the cluster's support use it too). */
const TEST_STORE = join(SRC, 'test', 'test-database.ts')
const RELATIVE_IMPORT = /(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g

const resolveImport = (from: string, specifier: string): string | undefined =>
  [specifier, `${specifier}.ts`, `${specifier}/index.ts`]
    .map((candidate) => resolve(dirname(from), candidate))
    .find((file) => file.endsWith('.ts') && existsSync(file))

/** Whether a module reaches the test store through its relative imports, however deep. */
function opensAStore(file: string, seen = new Set<string>()): boolean {
  if (file === TEST_STORE) return true
  if (seen.has(file)) return false
  seen.add(file)
  for (const [, specifier] of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
    const imported = resolveImport(file, specifier as string)
    if (imported && opensAStore(imported, seen)) return true
  }
  return false
}

/** Test files of whole server processes, each kind in a project of its own. */
const PROCESS_TESTS = ['.cluster.test.ts', '.ha.test.ts']

/**
 * The test files that open a store, relative to the project root: only these run again on
 * PostgreSQL, since a file without a store would run the very same code twice.
 */
const storeTestFiles = (): string[] =>
  readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts') && !PROCESS_TESTS.some((end) => file.endsWith(end)))
    .map((file) => join(SRC, file))
    .filter((file) => opensAStore(file))
    .map((file) => relative(import.meta.dirname, file))

/** TEST_DB tells the test helper which store to create. */
export const serverProject = (name: string, store: 'pglite' | 'postgres'): ViteUserConfig => ({
  test: {
    name,
    root: import.meta.dirname,
    include: store === 'pglite' ? ['src/**/*.test.ts'] : storeTestFiles(),
    // Clusters of server processes have projects of their own (vitest.cluster.config.ts, and
    // the three hosts of vitest.ha.config.ts).
    exclude: PROCESS_TESTS.map((end) => `src/**/*${end}`),
    env: { TEST_DB: store },
    globalSetup: store === 'pglite' ? ['src/test/pglite-template.ts'] : [],
    // Files share their worker's modules instead of loading the app's module graph afresh for
    // each: every file builds its own app and store, and nothing mocks or stubs a module.
    isolate: false,
    // PGlite boots in a few seconds per test file on this machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
