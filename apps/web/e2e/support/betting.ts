import { LOGIN_BASIC_AUTHORIZATION, loginResponse } from '@backlay/contract/auth'
import {
  type Bet,
  cancelledBetsResponse,
  openBetsResponse,
  unmatchedBetsResponse,
} from '@backlay/contract/bets'
import { type MarketDetail, matchDetailsResponse } from '@backlay/contract/match-details'
import { type HomeMatch, homeMatchesResponse } from '@backlay/contract/matches'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { z } from 'zod'
import { STORAGE_KEYS } from '../../src/lib/storage'
import {
  baseUrl,
  newAppContext,
  newTrackedPage,
  seedLocalStorage,
  type ViewportName,
} from './browser'

/** The dev players belong to the `localhost` brand, so the app is opened under that host name. */
export const brandUrl = (path: string, origin: string = baseUrl()): string =>
  `${origin.replace('127.0.0.1', 'localhost')}${path}`

export async function post<S extends z.ZodType>(
  path: string,
  body: unknown,
  schema: S,
  token?: string,
): Promise<z.output<S>> {
  const res = await fetch(brandUrl(`/api/v1/${path}`), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`)
  return schema.parse(json)
}

export interface Player {
  userId: string
  token: string
  storage: Record<string, string>
}

/** Logs in through the API and stores the session the way the app does after its dialog. */
export async function loginAs(
  userName: string,
  password = 'Password1',
  origin: string = baseUrl(),
): Promise<Player> {
  const res = await fetch(brandUrl('/api/v1/user/userLogin', origin), {
    method: 'POST',
    headers: {
      authorization: LOGIN_BASIC_AUTHORIZATION,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      user_name: userName,
      password,
      grant_type: 'password',
    }),
  })
  if (!res.ok) throw new Error(`login of ${userName}: HTTP ${res.status} ${await res.text()}`)
  const login = loginResponse.parse(await res.json())
  const { is_telegram_enable: _telegram, access_token: token, ...user } = login.data
  if (!token) throw new Error(`no token for ${userName}`)
  return {
    userId: user._id,
    token,
    storage: {
      [STORAGE_KEYS.idToken]: token,
      [STORAGE_KEYS.userData]: JSON.stringify(user),
      [STORAGE_KEYS.tokenExpiry]: String(Math.floor(Date.now() / 1000) + 3600),
      [STORAGE_KEYS.isLogin]: 'true',
    },
  }
}

/**
 * Opens a path of the app under the brand's host, as a guest or as the given player. Waits for
 * the document only (not every image).
 */
export async function openBrandPage(
  browser: Browser,
  viewport: ViewportName,
  path: string,
  player?: Player,
  extra: Record<string, string> = {},
  /** Runs on the new context before the page loads (e.g. to route the stream). */
  prepare?: (context: BrowserContext) => Promise<void>,
): Promise<Page> {
  const context = await newAppContext(browser, viewport, brandUrl(''))
  await seedLocalStorage(context, { ...(player?.storage ?? {}), ...extra })
  await prepare?.(context)
  const page = await newTrackedPage(context)
  await page.goto(brandUrl(path), { waitUntil: 'commit' })
  return page
}

/** A flow of several pages and calls; each step still fails after ACTION_TIMEOUT_MS. */
export const TEST_TIMEOUT_MS = 120_000

/**
 * Opens the player's Open Bets: a tab of the bet slip side bar on desktop, a page behind the
 * bottom bar on a phone.
 */
export async function showOpenBets(page: Page, viewport: 'desktop' | 'mobile'): Promise<void> {
  if (viewport === 'desktop') await page.getByRole('tab', { name: 'Open Bets' }).click()
  else
    await page
      .getByRole('navigation', { name: 'Shortcuts' })
      .getByRole('link', { name: 'Open Bets' })
      .click()
}

/**
 * The first open match of a sport (in-play ones first) whose markets `pick` accepts, with what it
 * picked; `what` names it when none is there.
 */
export async function findMatch<T>(
  sportId: string,
  pick: (match: HomeMatch, markets: MarketDetail[]) => T | undefined,
  what: string,
): Promise<{ matchId: string; markets: MarketDetail[]; picked: T }> {
  const { data } = await post('match/homeMatchesOpen', { sport_id: sportId }, homeMatchesResponse)
  const candidates = data
    .filter((m) => m.status === 'OPEN')
    .sort((a, b) => Number(b.inplay) - Number(a.inplay))
  for (const m of candidates) {
    const details = await post(
      'match/matchDetailsOpen',
      { match_id: m.match_id },
      matchDetailsResponse,
    )
    const picked = pick(m, details.data)
    if (picked !== undefined) return { matchId: m.match_id, markets: details.data, picked }
  }
  throw new Error(`no ${what}`)
}

/** The open match odds of a match when both sides of every runner are priced. */
export const pricedMatchOdds = (markets: MarketDetail[]) => {
  const odds = markets.find((d) => d.market_type === 'MATCH_ODDS')
  return odds?.status === 'OPEN' &&
    odds.runners.every(
      (r) => r.status === 'ACTIVE' && r.ex.availableToBack[0] && r.ex.availableToLay[0],
    )
    ? odds
    : undefined
}

/**
 * A cricket match with open two-runner match odds (both sides priced) and session lines; in-play
 * ones first, since the feed closes a match's session lines as it goes on.
 */
export const liveCricketMatch = (): Promise<{ matchId: string; markets: MarketDetail[] }> =>
  findMatch(
    '4',
    (m, markets) =>
      m.has_fancy && pricedMatchOdds(markets)?.runners.length === 2 ? true : undefined,
    'cricket match with open two-runner match odds and session lines',
  )

export const openBets = async (player: Player, matchId: string): Promise<Bet[]> =>
  (
    await post(
      'bet/openBets',
      { limit: 100, page: 1, search: { delete_status: 0, is_matched: 1, match_id: matchId } },
      openBetsResponse,
      player.token,
    )
  ).data.list

export const unmatchedBets = async (player: Player, matchId: string): Promise<Bet[]> =>
  (await post('bet/unmatchedBets', { match_id: matchId }, unmatchedBetsResponse, player.token)).data

/**
 * Opens the slip on a back of `runnerName` from the match odds and fills it at 1000 for ₹100, a
 * price no one lays, so the bet rests; the slip's dialog, for the caller to place.
 */
export async function backFarAbove(page: Page, runnerName: string) {
  await page
    .getByRole('region', { name: 'Match Odds' })
    .getByRole('button', { name: new RegExp(`^Back ${runnerName} \\d`) })
    .first()
    .click()
  const popup = page.getByRole('dialog', { name: /Place Bet|Placing Bet/ })
  await popup.getByText(`Backing ${runnerName}`).waitFor()
  await popup.getByLabel('Odds', { exact: true }).fill('1000')
  await popup.getByLabel('Stake', { exact: true }).fill('100')
  return popup
}

/** Cancels what the player still has unmatched on a match (a test's clean-up). */
export async function cancelUnmatched(player: Player, matchId: string): Promise<void> {
  for (const bet of await unmatchedBets(player, matchId))
    await post(
      'bet/cancelUnmatchedBet',
      { bet_id: bet.bet_id },
      cancelledBetsResponse,
      player.token,
    )
}

/** Text of a locator as numbers: '1,234.50' → 1234.5 */
export const amount = (text: string): number => Number(text.replaceAll(',', '').trim())

/** A call of the back-office API as the seeded operator (an admin). */
async function asOperator(method: 'POST' | 'PATCH', path: string, body: unknown) {
  const login = await fetch(brandUrl('/api/v1/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'operator1', password: 'Password1' }),
  })
  const { data } = (await login.json()) as { data: { token: string } }
  const res = await fetch(brandUrl(`/api/v1/admin/${path}`), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.token}` },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`${method} admin/${path}: HTTP ${res.status} ${await res.text()}`)
}

/** The operator sets a market's status through the back office. */
export const setMarketStatus = (marketId: string, status: 'OPEN' | 'SUSPENDED') =>
  asOperator('POST', `markets/${encodeURIComponent(marketId)}/status`, { status })

/**
 * The operator turns a market in-play (its unmatched bets lapse) or back before the off through
 * the back office.
 */
export const setInPlay = (marketId: string, inplay: boolean) =>
  asOperator('PATCH', `markets/${encodeURIComponent(marketId)}`, { inplay })

/** The operator types a market's prices by hand (the market maker quotes around them). */
export const setHandPrices = (
  marketId: string,
  runners: { selectionId: string; back: number; lay: number; size: number }[],
) => asOperator('POST', `markets/${encodeURIComponent(marketId)}/prices`, { runners })

/** The toast text of the next success or error toast. */
export async function toastText(page: Page): Promise<{ ok: boolean; text: string }> {
  const toast = page.locator('.Toastify__toast--success, .Toastify__toast--error').first()
  await toast.waitFor({ timeout: 60_000 })
  const ok = (await toast.getAttribute('class'))?.includes('success') ?? false
  const text = (await toast.innerText()).trim()
  return { ok, text }
}

/** Closes the toasts read so far (a person would), so the next check cannot read an old one. */
export async function toastsGone(page: Page) {
  for (const close of await page.locator('.Toastify__close-button').all()) {
    await close.click().catch(() => undefined)
  }
  await expect.poll(() => page.locator('.Toastify__toast').count()).toBe(0)
}

/** A tennis match not in-play yet whose match odds are open and priced, each size its own. */
export async function prePlayMatch(taken: readonly string[]) {
  const { matchId, picked } = await findMatch(
    '2',
    (m, markets) => {
      if (m.inplay || taken.includes(m.match_id)) return undefined
      const odds = markets.find((d) => d.market_type === 'MATCH_ODDS')
      const runner = odds?.runners.find((r) => r.status === 'ACTIVE' && r.ex.availableToBack[0])
      return odds?.status === 'OPEN' && !odds.inplay && runner
        ? { marketId: odds.market_id, runner }
        : undefined
    },
    'tennis match with open match odds before the off',
  )
  return { matchId, ...picked }
}
