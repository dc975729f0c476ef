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
    // Much of a browser test is waiting (bet delays, a crash round, a market turning in-play): two
    // files at a time, each worker with servers of its own (global-setup.ts), keep two cores busy.
    // The benchmarks run one at a time, so their timings are the machine's alone.
    fileParallelism: !process.env.E2E_BENCH,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
