import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod|react-hook-form|@hookform)[\\/]/ },
]

// The server serves the built console under /backoffice; in development the API runs separately.
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  server: { port: 5174, proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  build: { rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } } },
})
