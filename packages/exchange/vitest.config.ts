import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'exchange',
    include: ['src/**/*.test.ts'],
  },
})
