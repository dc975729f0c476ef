/*
 * Backlay's service worker. It keeps the app's own files so a returning player's screen comes
 * from the device, and shows offline.html when there is no network. It never keeps an API answer
 * or a stream message: odds and balances always come live or not at all.
 */
const SHELL = 'backlay-shell'
const ASSETS = 'backlay-assets'
const OFFLINE_PAGE = '/offline.html'
/** Paths served by others on this origin: the API, the stream, brand artwork, the back office. */
const NOT_OURS = /^\/(api|brand-assets|backoffice)(\/|$)/

/** The hashed files the current index.html loads first: its scripts, preloads and styles. */
const shellAssetsOf = (html) =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const shell = await caches.open(SHELL)
      await shell.add(OFFLINE_PAGE)
      const index = await fetch('/', { cache: 'no-cache' })
      if (!index.ok) return
      await (await caches.open(ASSETS)).addAll(shellAssetsOf(await index.text()))
      await self.skipWaiting()
    })(),
  )
})

// Files of earlier builds go once this one takes over; pages' chunks are cached again as used.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const index = await fetch('/', { cache: 'no-cache' }).catch(() => undefined)
      if (index?.ok) {
        const current = new Set(shellAssetsOf(await index.text()))
        const assets = await caches.open(ASSETS)
        for (const request of await assets.keys()) {
          if (!current.has(new URL(request.url).pathname)) await assets.delete(request)
        }
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
