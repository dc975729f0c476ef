import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Libraries change far less often than our code, so they sit in their own long-cached chunks.
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](@tanstack|zod)[\\/]/ },
  { name: 'ui', test: /node_modules[\\/](i18next|react-i18next|react-toastify|dayjs|clsx)[\\/]/ },
]

// In development the API runs separately (`npm run dev -w apps/server`); production serves both from one origin.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://localhost:8080', '/brand-assets': 'http://localhost:8080' },
  },
  build: { rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } } },
})
