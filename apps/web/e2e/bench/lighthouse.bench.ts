import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import getPort from 'get-port'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { brandUrl, liveCricketMatch } from '../support/betting'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/browser'
import { startServer } from '../support/server'
import { tlsSettings } from '../support/tls'

/** Issue goals for the mobile preset (simulated 4G and a slowed CPU). */
const GOALS = { performance: 95, cls: 0.05, lcpMs: 2_500 }
const AUDITS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  siMs: 'speed-index',
} as const

type Figures = { performance: number; bytes: number; benchmarkIndex: number } & Record<
  keyof typeof AUDITS,
  number
>
type Row = { page: string; served: string; lcpRangeMs: [number, number] } & Figures

/**
 * Lighthouse's own advice: scores vary from run to run, so run five times and report the median.
 * Here one page's LCP moves by up to 0.3 s between loads of the same build.
 */
const RUNS = 5
/**
 * Loads of each page that are not counted: the first requests a freshly started server answers
 * run through code not yet compiled, which a server in service has long since compiled.
 */
const WARM_UP_RUNS = 1
/** Tries of one load whose trace Lighthouse could not read (NO_NAVSTART) before giving up. */
const MAX_ATTEMPTS = 3

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/**
 * Lighthouse's default (mobile) configuration against the built app on the real server. The
 * browser is Debian's Chromium with a debugging port Lighthouse drives; each run is a cold load.
 * Also returns the machine's benchmark index, which says how slow the CPU under the 4× slowdown is.
 */
async function audit(url: string, port: number, attempt = 1): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  // Lighthouse itself asks to be run again when its trace of the load came out broken.
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && attempt < MAX_ATTEMPTS) {
    return audit(url, port, attempt + 1)
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`)
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    ...(Object.fromEntries(Object.entries(AUDITS).map(([key, id]) => [key, metric(id)])) as Record<
      keyof typeof AUDITS,
      number
    >),
    bytes: metric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  }
}

/** The median of each figure over RUNS cold loads of one page, after WARM_UP_RUNS uncounted. */
async function auditPage(page: string, served: string, url: string, port: number): Promise<Row> {
  for (let i = 0; i < WARM_UP_RUNS; i++) await audit(url, port)
  const runs: Figures[] = []
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, port))
  const keys = Object.keys(runs[0] as Figures) as (keyof Figures)[]
  const lcps = runs.map((r) => r.lcpMs)
  return {
    page,
    served,
    ...(Object.fromEntries(keys.map((key) => [key, median(runs.map((r) => r[key]))])) as Figures),
    lcpRangeMs: [Math.min(...lcps), Math.max(...lcps)],
  }
}

describe('Lighthouse, mobile preset', () => {
  it('scores the home, a cricket event and a racing page', { timeout: 1_800_000 }, async () => {
    const { matchId } = await liveCricketMatch()
    const pages = {
      home: '/',
      'cricket event': `/event-page/4/${matchId}`,
      racing: '/horse-racing',
    }
    // The same product served over https: HTTP/2, as a browser on the internet gets it from a
    // server with TLS_CERT_FILE or from a TLS load balancer in front. The simulated calendar is
    // the same on every server, so the match is there too.
    const tls = await startServer({
      FEED_TICK_MS: '0',
      ...(await tlsSettings(await mkdtemp(join(tmpdir(), 'backlay-lighthouse-')))),
    })
    const origins = {
      'http, HTTP/1.1': brandUrl(''),
      'https, HTTP/2': tls.baseUrl.replace('127.0.0.1', 'localhost'),
    }
    const port = await getPort({ host: '127.0.0.1' })
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // The https server's certificate is its own, which no browser knows.
      args: [...CHROMIUM_ARGS, '--ignore-certificate-errors', `--remote-debugging-port=${port}`],
    })
    const rows: Row[] = []
    try {
      for (const [served, origin] of Object.entries(origins)) {
        for (const [name, path] of Object.entries(pages)) {
          rows.push(await auditPage(name, served, `${origin}${path}`, port))
        }
      }
    } finally {
      await browser.close()
      await tls.stop()
    }
    console.table(
      rows.map((r) => ({
        page: r.page,
        served: r.served,
        performance: r.performance,
        'FCP s': (r.fcpMs / 1000).toFixed(2),
        'LCP s': (r.lcpMs / 1000).toFixed(2),
        'LCP range s': r.lcpRangeMs.map((ms) => (ms / 1000).toFixed(2)).join('–'),
        'TBT ms': Math.round(r.tbtMs),
        CLS: r.cls.toFixed(3),
        'SI s': (r.siMs / 1000).toFixed(2),
        KiB: Math.round(r.bytes / 1024),
        'CPU index': Math.round(r.benchmarkIndex),
      })),
    )
    // The goals are the site's as players on the internet reach it: over https.
    for (const r of rows.filter((row) => row.served === 'https, HTTP/2')) {
      expect.soft(r.performance, r.page).toBeGreaterThanOrEqual(GOALS.performance)
      expect.soft(r.cls, r.page).toBeLessThanOrEqual(GOALS.cls)
      expect.soft(r.lcpMs, r.page).toBeLessThanOrEqual(GOALS.lcpMs)
    }
  })
})
