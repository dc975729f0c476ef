import { defineConfig } from 'vitest/config'
import { serverProject } from './vitest.shared'

export default defineConfig(serverProject('server', 'pglite'))
