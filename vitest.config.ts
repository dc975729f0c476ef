import { defineConfig } from 'vitest/config'

// Each workspace owns its own vitest config; the root only lists them.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/*',
      // The server's integration tests again against PostgreSQL, when one is configured.
      ...(process.env.TEST_DATABASE_URL ? ['apps/server/vitest.postgres.config.ts'] : []),
    ],
  },
})
