/*
 * Backlay's service worker, written into each build as sw.js with that build's first-screen files
 * (build/service-worker-plugin.ts), so every deploy installs a new worker. It keeps the app's own
 * files so a returning player's screen comes from the device, and shows offline.html when there is
 * no network. It never keeps an API answer or a stream message: odds and balances always come
 * live or not at all.
 */
/** The hashed files this build's index.html loads: its scripts, preloads and styles. */
const SHELL_ASSETS = ['__SHELL_ASSETS__']
const SHELL = 'backlay-shell'
const ASSETS = 'backlay-assets'
const OFFLINE_PAGE = '/offline.html'
/** Paths served by others on this origin: the API, the stream, brand artwork, the back office. */
const NOT_OURS = /^\/(api|brand-assets|backoffice)(\/|$)/

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(SHELL)).add(OFFLINE_PAGE)
      await (await caches.open(ASSETS)).addAll(SHELL_ASSETS)
      await self.skipWaiting()
    })(),
  )
})

// Files of earlier builds go once this one takes over; pages' chunks are cached again as used.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set(SHELL_ASSETS)
      const assets = await caches.open(ASSETS)
      for (const request of await assets.keys()) {
        if (!current.has(new URL(request.url).pathname)) await assets.delete(request)
      }
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  const url = new URL(request.url)
  if (
    request.method !== 'GET' ||
    url.origin !== self.location.origin ||
    NOT_OURS.test(url.pathname)
  )
    return
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(OFFLINE_PAGE)) ?? Response.error()),
    )
  } else if (url.pathname.startsWith('/assets/')) {
    // Hashed names never change content: the device's copy is as good as the server's.
    event.respondWith(
      (async () => {
        const cached = await caches.match(request)
        if (cached) return cached
        const response = await fetch(request)
        if (response.ok) await (await caches.open(ASSETS)).put(request, response.clone())
        return response
      })(),
    )
  }
})
