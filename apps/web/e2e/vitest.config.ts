import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// Browser tests: the built app served by the real server, driven through Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    // `npm run bench -w apps/web` runs the browser benchmarks instead of the tests.
    include: process.env.E2E_BENCH ? ['bench/*.bench.ts'] : ['**/*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    // Two cores run the server, the feed and a browser; one test file at a time keeps timings honest.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
