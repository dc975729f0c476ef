import { defineProject } from 'vitest/config'

// Unit tests only; the console's browser test runs with the web app's (apps/web/e2e/backoffice.test.ts).
export default defineProject({
  test: { name: 'backoffice', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
})
