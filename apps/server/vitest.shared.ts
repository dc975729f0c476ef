import type { ViteUserConfig } from 'vitest/config'

/** Both store projects run the same files; TEST_DB tells the test helper which store to create. */
export const serverProject = (name: string, store: 'pglite' | 'postgres'): ViteUserConfig => ({
  test: {
    name,
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    // Clusters of server processes have a project of their own (vitest.cluster.config.ts).
    exclude: ['src/**/*.cluster.test.ts'],
    env: { TEST_DB: store },
    // PGlite boots in a few seconds per test file on this machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
