import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  LOGIN_BASIC_AUTHORIZATION,
  type LoginResponse,
  loginResponse,
} from '@backlay/contract/auth'
import type { Page } from 'playwright-core'
import { apiUrl } from './browser'

const require = createRequire(import.meta.url)
const AXE_SOURCE = require.resolve('axe-core/axe.min.js')

export interface Player {
  user_name: string
  password: string
  mobile: string
}

/** A shell flow loads several pages; each step still fails after ACTION_TIMEOUT_MS. */
export const SLOW_TEST_MS = 120_000

let sequence = 0

/** A player id and a mobile number no other test run uses (the server keeps both unique). */
export function freshPlayer(prefix = 'e2e'): Player {
  sequence += 1
  const stamp = `${Date.now().toString(36)}${sequence}`
  const digits = `${Date.now()}${sequence}${Math.floor(Math.random() * 1e4)}`.slice(-9)
  return {
    user_name: `${prefix}${stamp}`.slice(0, 32),
    password: 'Secret123',
    mobile: `9${digits}`,
  }
}

const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(apiUrl(path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** Signs a new player up through the real register call (brand of 127.0.0.1). */
export async function registerPlayer(player: Player = freshPlayer()): Promise<Player> {
  const answer = await post('user/register', {
    name: player.user_name,
    user_name: player.user_name,
    mobile: player.mobile,
    password: player.password,
    country_code: '+91',
  })
  if (answer.body.status !== true)
    throw new Error(`register failed: ${JSON.stringify(answer.body)}`)
  return player
}

/** user/userLogin as the web client sends it (form-encoded, Basic client credential). */
export async function apiLogin(userName: string, password: string): Promise<LoginResponse> {
  const res = await fetch(apiUrl('user/userLogin'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/json',
      Authorization: LOGIN_BASIC_AUTHORIZATION,
    },
    body: new URLSearchParams({ user_name: userName, password, grant_type: 'password' }).toString(),
  })
  return loginResponse.parse(await res.json())
}

/** The browser-storage entries a login leaves (shell §3), to open a page already logged in. */
export function storedSession(login: LoginResponse): Record<string, string> {
  const { is_telegram_enable: _t, access_token: _a, ...user } = login.data
  return {
    id_token: login.token?.accessToken ?? '',
    userData: JSON.stringify(user),
    expires_at: String(Math.floor(Date.now() / 1000) + (login.token?.expiresIn ?? 3600)),
    userId: user._id,
    operatorId: login.operatorId,
    isLogin: 'true',
  }
}

/** user/autoDemoUserLogin: a fresh demo account's credentials. */
export async function demoCredentials(): Promise<{ user_name: string; password: string }> {
  const answer = await post('user/autoDemoUserLogin', {})
  return answer.body.data as { user_name: string; password: string }
}

/** Ends a session on the server, as another device signing out would. */
export const revokeSession = (token: string) =>
  post('user/logout', {}, { Authorization: `Bearer ${token}` })

/** The OTPs the server's development outbox holds for a number, newest first. */
export async function otpsFor(mobile: string): Promise<string[]> {
  const res = await fetch(apiUrl(`dev/otp-outbox?mobile=${mobile}`))
  const body = (await res.json()) as { data: { code: string }[] }
  return body.data.map((m) => m.code)
}

/** axe-core in the page; returns the serious and critical violations (rule id and targets). */
export async function seriousA11yViolations(page: Page, selector?: string) {
  // Evaluated over the debugging protocol: the site's CSP (rightly) refuses inline scripts.
  await page.evaluate(readFileSync(AXE_SOURCE, 'utf8'))
  const violations = await page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            options: unknown,
          ) => Promise<{
            violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[]
          }>
        }
      }
    ).axe
    // Also the label-in-name rule, which axe keeps among its experimental ones and Lighthouse runs.
    const result = await axe.run(context ?? document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  }, selector)
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
