import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  {
    name: 'data',
    test: /node_modules[\\/](@tanstack|zod|react-hook-form|@hookform)[\\/]|zod-in-browser\.ts$/,
  },
]

// The server serves the built console under /backoffice; in development the API runs separately.
export default defineConfig({
  base: '/backoffice/',
  plugins: [react()],
  // zod told, before any schema is built, that the site's policy allows no eval (see the module).
  resolve: { alias: [{ find: /^zod$/, replacement: '@backlay/contract/zod-in-browser' }] },
  server: { port: 5174, proxy: { '/api': { target: 'http://localhost:8080', ws: true } } },
  build: { rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } } },
})
