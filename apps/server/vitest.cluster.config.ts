import { defineConfig } from 'vitest/config'

/**
 * Clusters of real server processes on the machine's PostgreSQL (TEST_DATABASE_URL) and NATS
 * (TEST_NATS_URL, else nats://127.0.0.1:4222). Listed by the root config when TEST_DATABASE_URL
 * is set. One file at a time: each starts several servers on two cores.
 */
export default defineConfig({
  test: {
    name: 'server-cluster',
    root: import.meta.dirname,
    include: ['src/**/*.cluster.test.ts'],
    env: { TEST_DB: 'postgres' },
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
