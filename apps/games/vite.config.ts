import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The front end is served by the games server itself (same origin as its API and WebSocket).
export default defineConfig({
  root: 'web',
  plugins: [react()],
  build: { outDir: '../dist', emptyOutDir: true },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8090', '/ws': { target: 'ws://127.0.0.1:8090', ws: true } },
  },
})
