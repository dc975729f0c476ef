import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { aliases } from './build/aliases'

// Unit tests only; browser tests live in e2e/ with their own config (they need the built app and a server).
export default defineProject({
  plugins: [react()],
  resolve: { alias: aliases },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'node',
  },
})
