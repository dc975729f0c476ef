import { defineConfig } from 'vitest/config'

// Each workspace owns its own vitest config; the root only lists them.
export default defineConfig({
  test: {
    // Integration tests spend much of their time waiting on a database or a timer: three files
    // at a time keep two cores busy (the default, cores − 1, runs one file at a time here).
    maxWorkers: 3,
    projects: [
      'packages/*',
      'apps/*',
      // The server's integration tests again against PostgreSQL, and its clusters of processes
      // on PostgreSQL and NATS, when a PostgreSQL is configured.
      ...(process.env.TEST_DATABASE_URL
        ? ['apps/server/vitest.postgres.config.ts', 'apps/server/vitest.cluster.config.ts']
        : []),
    ],
  },
})
