import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'
import { SCREENSHOT_DIR } from './paths'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
]

/**
 * A page that has not shown what a test waits for within these is broken, not slow: failing fast
 * keeps a red run short enough to read.
 */
export const ACTION_TIMEOUT_MS = 15_000
export const NAVIGATION_TIMEOUT_MS = 30_000

/** The two sizes every screen is checked at: desktop layout from 1024 px, mobile below. */
export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const
export type ViewportName = keyof typeof VIEWPORTS
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[]

/** The servers the global setup started for this worker (pool ids count from 1). */
const servers = () => {
  const all = inject('servers')
  const mine = all[Number(process.env.VITEST_POOL_ID ?? 1) - 1]
  if (!mine) throw new Error(`no test servers for pool ${process.env.VITEST_POOL_ID}`)
  return mine
}

/** Base URL of this worker's server, e.g. http://127.0.0.1:41234. */
export const baseUrl = (): string => servers().baseUrl

/** Origin of this worker's casino games server. */
export const gamesOrigin = (): string => servers().gamesOrigin

/** Absolute URL of an API call, for tests that arrange data or compare with what the page shows. */
export const apiUrl = (path: string): string => `${baseUrl()}/api/v1/${path.replace(/^\//, '')}`

/**
 * Debian Chromium, headless. Playwright gives every launch a fresh temporary profile
 * (user-data dir), so no state leaks between test files.
 */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })

/**
 * Launches one browser for the calling test file and closes it afterwards.
 * `const browser = browserForFile()` at file level, then `browser()` inside tests.
 */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('browserForFile() must be called at the top level of a test file')
    return browser
  }
}

export interface OpenPageOptions {
  viewport?: ViewportName
  /** Path on the app, '/' by default. */
  path?: string
  /** Seeds localStorage before any app script runs (e.g. a stored session or language). */
  localStorage?: Record<string, string>
  /** The player's motion preference; `reduce` unless a test checks the moving parts. */
  reducedMotion?: Motion
}

/** The player's motion preference, as the browser reports it to the page. */
export type Motion = NonNullable<BrowserContextOptions['reducedMotion']>

/**
 * A new isolated context (own cookies and storage) at the given viewport, with the app's
 * locale and time zone and the step timeouts; relative paths resolve against `baseURL`.
 *
 * Motion is reduced by default: a headless Chromium draws in software, and each endless
 * animation (the news strip, the in-play dot) keeps it redrawing 60 frames a second, about a
 * tenth of a core apiece, which two test files side by side take from the app and the server.
 */
export async function newAppContext(
  browser: Browser,
  viewport: ViewportName = 'desktop',
  baseURL: string = baseUrl(),
  reducedMotion: Motion = 'reduce',
): Promise<BrowserContext> {
  const mobile = viewport === 'mobile'
  const context = await browser.newContext({
    baseURL,
    // A test server on https has a certificate of its own, which no browser knows.
    ignoreHTTPSErrors: baseURL.startsWith('https:'),
    viewport: VIEWPORTS[viewport],
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 2 : 1,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    reducedMotion,
  })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS)
  return context
}

const pageErrors = new WeakMap<Page, string[]>()

/**
 * A new page of the context whose uncaught errors and content security policy violations
 * `errorsOf(page)` lists. A violation throws nothing the page sees, yet the browser reports it
 * (to the developer tools, to a policy's report address).
 */
export async function newTrackedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage()
  const errors: string[] = []
  pageErrors.set(page, errors)
  page.on('pageerror', (error) => errors.push(error.message))
  await page.exposeFunction('reportPolicyViolation', (violation: string) => errors.push(violation))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (v: string) => void })
        .reportPolicyViolation
      report(`${event.violatedDirective} refused ${event.blockedURI} from ${event.sourceFile}`)
    })
  })
  return page
}

/** Runs before any app script of every page of the context: seeds its localStorage. */
export const seedLocalStorage = (context: BrowserContext, entries: Record<string, string>) =>
  context.addInitScript((seed) => {
    for (const [key, value] of Object.entries(seed)) window.localStorage.setItem(key, value)
  }, entries)

/**
 * A page of a new context at the given viewport, opened on `path`.
 * Close with `page.context().close()`.
 */
export async function openPage(browser: Browser, options: OpenPageOptions = {}): Promise<Page> {
  const { viewport = 'desktop', path = '/', localStorage, reducedMotion } = options
  const context = await newAppContext(browser, viewport, baseUrl(), reducedMotion)
  if (localStorage) await seedLocalStorage(context, localStorage)
  const page = await newTrackedPage(context)
  await page.goto(path, { waitUntil: 'domcontentloaded' })
  return page
}

/** Uncaught exceptions and policy violations since the page was opened with `newTrackedPage` or `openPage`. */
export const errorsOf = (page: Page): readonly string[] => pageErrors.get(page) ?? []

/**
 * Saves a PNG as `.screenshots/<name>.png` at the repository root and returns its path:
 * what the viewport shows, or the whole scrollable page with `{ fullPage: true }`.
 */
export async function saveScreenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const file = join(SCREENSHOT_DIR, `${name}.png`)
  await page.screenshot({ path: file, fullPage: options.fullPage ?? false })
  return file
}
