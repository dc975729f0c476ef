import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { aliases } from './build/aliases'
import { inlineEntryCss } from './build/inline-entry-css'
import { jsBudget } from './build/js-budget'
import { pageChunks } from './build/page-chunks'
import { serviceWorker } from './build/service-worker-plugin'

const pages = pageChunks({
  router: 'src/app/router.tsx',
  apart: /src[\\/]features[\\/](account|policies|statements|wallet)[\\/]/,
})

// Rolldown gives each module to the first group that takes it, and a group takes what its modules
// import too: libraries first, then our start-up code, so neither lands in a lazy chunk's group.
const chunkGroups = [
  // Libraries change far less often than our code, so they sit in their own long-cached chunks.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  // The query cache; the virtual list of the ladder stays with the ladder, loaded when opened.
  { name: 'data', test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|zod-in-browser\.ts$/ },
  { name: 'ui', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
  // Only the pages with forms need these, not the betting pages that share the rest.
  { name: 'form', test: /node_modules[\\/](react-hook-form|@hookform)[\\/]/ },
  pages.startUp,
  // The answers the first screen reads (lib/response-schemas.ts): one request instead of one per
  // module, each of which would wait its turn for a connection on a phone.
  {
    name: 'first-screen-schemas',
    test: /packages[\\/]contract[\\/]src[\\/](balance|brand|matches|menu|search)\.ts$/,
  },
  // One chunk per language, fetched when it is chosen (English is built into the app).
  {
    name: (id: string) => `locale-${/locales[\\/]([a-z]+)[\\/]/.exec(id)?.[1]}`,
    test: /src[\\/]locales[\\/](?!en[\\/])[a-z]+[\\/]/,
  },
  pages.shared,
  pages.sharedApart,
  pages.overlays,
  pages.ownPage,
]

// In development the API runs separately (`npm run dev -w apps/server`); production serves both from one origin.
export default defineConfig({
  // Every text file also as .br and .gz, so the server sends them compressed without the work.
  plugins: [
    react(),
    pages.plugin,
    inlineEntryCss(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    jsBudget({ maxGzipBytes: 150_000, firstScreen: ['src/app/routes/home.tsx'] }),
    serviceWorker({
      template: fileURLToPath(new URL('build/service-worker.js', import.meta.url)),
      // With the server gone the page still says so (a toast) and goes home (shell §8).
      keep: ['src/app/routes/home.tsx', '/react-toastify/'],
    }),
  ],
  resolve: { alias: aliases },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/brand-assets': 'http://localhost:8080' },
  },
  build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } } },
})
