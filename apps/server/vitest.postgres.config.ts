import { defineConfig } from 'vitest/config'
import { serverProject } from './vitest.shared.ts'

// Listed by the root config only when TEST_DATABASE_URL is set.
export default defineConfig(serverProject('server-postgres', 'postgres'))
