import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandUrl, liveCricketMatch } from './support/betting'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'
import { tlsSettings } from './support/tls'

const browser = browserForFile()

/** The entry and its libraries (5), the shared code (3), the event page's own chunk and the number formats' worker. */
const MAX_EVENT_PAGE_SCRIPTS = 10

/** Every response the page receives from now on, kept for the test to inspect. */
const recordResponses = (page: Page) => {
  const responses: Response[] = []
  page.on('response', (response) => responses.push(response))
  return responses
}

const pathOf = (response: Response) => new URL(response.url()).pathname

/**
 * Notes when the app's first render replaces the boot shell of index.html: the scripts asked
 * for before it are the ones the first screen needs. (Its largest paint can come later, when a
 * larger element arrives, after the code that deliberately loads once the page is drawn.)
 */
const noteFirstRender = (page: Page) =>
  page.addInitScript(() => {
    new MutationObserver((mutations, observer) => {
      const replaced = mutations.some((m) =>
        Array.from(m.removedNodes).some(
          (n) => n instanceof Element && n.classList.contains('boot'),
        ),
      )
      if (!replaced) return
      observer.disconnect()
      Object.assign(window, { firstRenderAt: performance.now() })
    }).observe(document, { childList: true, subtree: true })
  })

/** The scripts the page asked for before the app's first render (see noteFirstRender). */
const scriptsBeforeFirstRender = async (page: Page) => {
  await page.waitForFunction(() => 'firstRenderAt' in window)
  return page.evaluate(() => {
    const renderedAt = (window as unknown as { firstRenderAt: number }).firstRenderAt
    return performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime < renderedAt && /\/assets\/.+\.js$/.test(r.name))
      .map((r) => new URL(r.name).pathname)
  })
}

/** Resolves once the page's service worker controls it (it claims the page on activation). */
const controlledByWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  })

describe('how the web app is delivered', () => {
  it('sends hashed assets compressed and cached for a year, and index.html revalidated', async () => {
    const context = await newAppContext(browser())
    const page = await newTrackedPage(context)
    const responses = recordResponses(page)
    // The number formats' locale data loads on a thread of its own, which ends once it has.
    const formatsWorker = new Promise<string>((resolve) =>
      page.once('worker', (worker) => worker.once('close', () => resolve(worker.url()))),
    )
    const index = await page.goto('/')
    await page.getByRole('region', { name: 'Cricket' }).getByRole('listitem').first().waitFor()
    expect(new URL(await formatsWorker).pathname).toMatch(
      /^\/assets\/number-formats\.worker-.+\.js$/,
    )

    expect(index?.headers()['cache-control']).toBe('no-cache')
    const assets = responses.filter((r) => /^\/assets\/.+\.(js|css)$/.test(pathOf(r)))
    expect(assets.length).toBeGreaterThan(3)
    for (const asset of assets) {
      const headers = await asset.allHeaders()
      expect(headers['content-encoding'], pathOf(asset)).toMatch(/^(br|gzip)$/)
      expect(headers['cache-control'], pathOf(asset)).toBe('public, max-age=31536000, immutable')
    }
    // API answers over 1 KB go out compressed too; small ones are not worth the work.
    const lists = responses.filter((r) => pathOf(r) === '/api/v1/match/homeMatchesOpen')
    const large = []
    for (const list of lists) if ((await list.body()).length > 1024) large.push(list)
    expect(large.length).toBeGreaterThan(0)
    for (const list of large) {
      expect((await list.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/)
    }
    expect(errorsOf(page)).toEqual([])
    await context.close()
  })

  it('answers robots.txt as text for crawlers and describes the site to search engines', async () => {
    const robots = await fetch(brandUrl('/robots.txt'))
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/)
    const rules = await robots.text()
    expect(rules).toMatch(/^User-agent: \*$/m)
    expect(rules).toMatch(/^Disallow: \/api\/$/m)
    const page = await newTrackedPage(await newAppContext(browser()))
    await page.goto('/')
    const description = await page.locator('meta[name="description"]').getAttribute('content')
    expect(description?.length).toBeGreaterThan(50)
    await page.context().close()
  })

  it('opens a deep link to an event page with a handful of script files, the shared ones named up front and fetched once', async () => {
    const { matchId } = await liveCricketMatch()
    const context = await newAppContext(browser(), 'mobile', brandUrl(''))
    const page = await newTrackedPage(context)
    await noteFirstRender(page)
    const responses = recordResponses(page)
    const document = await page.goto(brandUrl(`/event-page/4/${matchId}`))
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()

    // The server names the code every page but the home page shares, so the browser fetches it
    // with the entry instead of after it has run; each named file is one the page then uses.
    const named = [...(document?.headers().link ?? '').matchAll(/<(\/assets\/[^>]+)>/g)].map(
      (m) => m[1],
    )
    expect(named.some((path) => path?.startsWith('/assets/shared-'))).toBe(true)
    // Each named file is fetched once: a hint the page's own request does not match is a second
    // download of the same file.
    for (const path of named) {
      expect(responses.map(pathOf).filter((p) => p === path).length, path).toBe(1)
    }
    // Split by distinct sets of users instead, the same page came in 30 files, most under 2 KB,
    // each waiting its turn for one of six connections on a phone. Counted up to the app's first
    // render: the toasts' and the bet popup's code follow once the page is drawn.
    const scripts = await scriptsBeforeFirstRender(page)
    expect(scripts.some((path) => path.startsWith('/assets/event-page-'))).toBe(true)
    expect(new Set(scripts).size, scripts.join(' ')).toBeLessThanOrEqual(MAX_EVENT_PAGE_SCRIPTS)
    expect(errorsOf(page)).toEqual([])
    await context.close()
  })

  it.each(VIEWPORT_NAMES)(
    'keeps the app files on the device and shows an offline page without a network at %s size',
    async (viewport) => {
      const context = await newAppContext(browser(), viewport)
      const page = await newTrackedPage(context)
      await page.goto('/')
      await controlledByWorker(page)

      // A returning player: the first screen's files come from the device, not the network.
      const responses = recordResponses(page)
      await page.reload()
      await page.getByRole('region', { name: 'Cricket' }).waitFor()
      const scripts = responses.filter((r) => /^\/assets\/index-.+\.js$/.test(pathOf(r)))
      expect(scripts.map((r) => r.fromServiceWorker())).toEqual([true])

      await context.setOffline(true)
      await page.goto('/sports-page/Cricket/4')
      await page.getByRole('heading', { name: 'You are offline' }).waitFor()
      // Nothing from the exchange is shown without a connection.
      expect(await page.getByRole('region', { name: 'Cricket' }).count()).toBe(0)
      await saveScreenshot(page, `offline-${viewport}`)

      await context.setOffline(false)
      await page.getByRole('link', { name: 'Try again' }).click()
      await page.getByRole('region', { name: 'Cricket' }).waitFor()
      await context.close()
    },
  )
})

describe('with TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let server: RunningServer | undefined
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backlay-e2e-tls-'))
    server = await startServer({ FEED_TICK_MS: '0', ...(await tlsSettings(dir)) })
  })
  afterAll(() => server?.stop())

  it('loads a page and its files over HTTP/2 and streams its prices over wss', async () => {
    if (!server) throw new Error('no TLS server')
    // The simulated calendar is the same on every server: the match is live on this one too.
    const { matchId } = await liveCricketMatch()
    const origin = server.baseUrl.replace('127.0.0.1', 'localhost')
    const context = await newAppContext(browser(), 'mobile', origin)
    const page = await newTrackedPage(context)
    const sockets: string[] = []
    const received: string[] = []
    page.on('websocket', (socket) => {
      sockets.push(socket.url())
      socket.on('framereceived', (frame) => received.push(String(frame.payload)))
    })
    await page.goto(`/event-page/4/${matchId}`)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()

    // The market's image arrives over the stream, which runs over HTTP/1.1 (a WebSocket upgrade).
    await expect
      .poll(() => received.some((payload) => payload.includes('"type":"image"')))
      .toBe(true)
    expect(sockets).toEqual([`${origin.replace('https', 'wss')}/api/v1/stream`])
    const protocols = await page.evaluate(() =>
      [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ].map((entry) => [
        new URL(entry.name).pathname,
        (entry as PerformanceResourceTiming).nextHopProtocol,
      ]),
    )
    expect(protocols.some(([path]) => path?.startsWith('/assets/'))).toBe(true)
    expect(protocols.filter(([, protocol]) => protocol !== 'h2')).toEqual([])
    expect(errorsOf(page)).toEqual([])
    await saveScreenshot(page, 'event-over-tls-mobile')
    await context.close()
  })
})
