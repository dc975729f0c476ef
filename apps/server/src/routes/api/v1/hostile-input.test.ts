import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { call, newPlayer } from '../../../markets/test-support'
import type { CatalogRoute } from '../../../plugins/route-catalog'
import { DEV_OPERATOR } from '../../../seed/seed-dev-data'
import { loginAs } from '../../../test/session-helpers'
import { buildTestApp, type TestApp } from '../../../test/test-app'
import { fieldsOf, sampleOf } from '../../../test/zod-sample'

/*
 * Every route of the route catalogue (the one the OpenAPI document is made from), fuzzed from its
 * own schemas: each field of its body, query and params spoiled in turn with what scanners and
 * broken clients send, and the whole input spoiled in shape. As a guest, a player and an
 * operator. Every answer is the route's own success or a 4xx with a msg, never a 5xx; no error
 * line is logged; nothing is stored for a refused call.
 */

/** Values a text field meets in the wild; the 1 MB one is tried once per route. */
const HOSTILE_TEXTS = [
  'ab\u0000cd',
  '\u0000',
  'x\u0007\u001b[31m',
  '\ud800',
  'tail\udfff',
  "' OR 1=1 --",
  '../../../../etc/passwd',
  'x'.repeat(10_000),
]
const HUGE_TEXT = 'x'.repeat(1_000_000)

/** Values that are not what a field holds, as JSON text (1e309 parses to Infinity). */
const HOSTILE_JSON = [
  '1e309',
  '-0',
  '"NaN"',
  '123456789012345678901234567890',
  '9007199254740993',
  '[]',
  '{}',
  'null',
  'true',
  '[{"a":1}]',
]

const deep = (n: number): string => (n === 0 ? '1' : `{"a":${deep(n - 1)}}`)

/** Whole inputs spoiled in shape, with their content type. */
const HOSTILE_BODIES: { type: string; text: string }[] = [
  { type: 'application/json', text: '' },
  { type: 'application/json', text: '[]' },
  { type: 'application/json', text: deep(50) },
  { type: 'application/json', text: `[${'['.repeat(50)}${']'.repeat(50)}]` },
  { type: 'application/json', text: '{"a":1,"a":2}' },
  { type: 'application/json', text: '{"__proto__":{"isAdmin":true}}' },
  { type: 'application/json', text: '{"constructor":{"prototype":{"x":1}}}' },
  { type: 'text/plain', text: 'hello' },
  { type: 'application/xml', text: '<a/>' },
  { type: 'application/x-www-form-urlencoded', text: 'a=%00&b=1' },
]

type Role = 'guest' | 'player' | 'operator'

interface Case {
  role: Role
  url: string
  type?: string
  body?: string
}

const zodOf = (schema: unknown) =>
  schema && typeof schema === 'object' ? (schema as z.ZodType) : undefined

/**
 * A text as a URL carries it; a lone surrogate has no UTF-8 form, so it goes as the bytes a
 * broken client sends for it (its 3-byte WTF-8 form), which the server decodes as it can.
 */
const inUrl = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    return text
      .split(/[\ud800-\udfff]/)
      .map(encodeURIComponent)
      .join('%ED%A0%80')
  }
}

/** The route's URL with its params filled from `params` (each encoded). */
const urlOf = (route: CatalogRoute, params: Record<string, string>, query = '') =>
  route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => inUrl(params[name] ?? 'x')) +
  (query ? `?${query}` : '')

const queryOf = (value: Record<string, unknown>) =>
  Object.entries(value)
    .map(([k, v]) => `${inUrl(k)}=${inUrl(typeof v === 'string' ? v : JSON.stringify(v))}`)
    .join('&')

/** Every case for one route: each field of each part spoiled, then the whole body. */
function casesOf(route: CatalogRoute, role: Role): Case[] {
  const body = zodOf(route.schema?.body)
  const query = zodOf(route.schema?.querystring)
  const params = zodOf(route.schema?.params)
  const baseBody = (body ? sampleOf(body) : {}) as Record<string, unknown>
  const baseQuery = (query ? sampleOf(query) : {}) as Record<string, unknown>
  const baseParams = Object.fromEntries(
    Object.entries((params ? sampleOf(params) : {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      String(v),
    ]),
  )
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] as string)
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD'
  const json = (value: unknown) => ({ type: 'application/json', body: JSON.stringify(value) })
  const baseUrl = urlOf(route, baseParams, queryOf(baseQuery))
  const cases: Case[] = []
  const withBody = (extra: Omit<Case, 'role'>) => cases.push({ role, ...extra })

  for (const name of paramNames)
    for (const text of HOSTILE_TEXTS)
      withBody({
        url: urlOf(route, { ...baseParams, [name]: text }, queryOf(baseQuery)),
        ...(hasBody ? json(baseBody) : {}),
      })
  const queryFields = fieldsOf(query)
  for (const name of queryFields.length > 0 ? queryFields : ['q'])
    for (const text of HOSTILE_TEXTS)
      withBody({
        url: urlOf(route, baseParams, queryOf({ ...baseQuery, [name]: text })),
        ...(hasBody ? json(baseBody) : {}),
      })
  if (hasBody) {
    const bodyFields = fieldsOf(body)
    const isArray = Array.isArray(baseBody)
    for (const name of isArray ? [] : bodyFields) {
      for (const text of HOSTILE_TEXTS)
        withBody({ url: baseUrl, ...json({ ...baseBody, [name]: text }) })
      for (const raw of HOSTILE_JSON) {
        const rest = JSON.stringify({ ...baseBody, [name]: undefined }).slice(1, -1)
        withBody({
          url: baseUrl,
          type: 'application/json',
          body: `{${rest}${rest ? ',' : ''}${JSON.stringify(name)}:${raw}}`,
        })
      }
    }
    const firstText = bodyFields[0] ?? 'q'
    withBody({
      url: baseUrl,
      ...json(isArray ? [HUGE_TEXT] : { ...baseBody, [firstText]: HUGE_TEXT }),
    })
    for (const spoiled of HOSTILE_BODIES)
      withBody({ url: baseUrl, type: spoiled.type, body: spoiled.text })
  } else {
    withBody({
      url: urlOf(route, baseParams, queryOf({ ...baseQuery, q: HUGE_TEXT.slice(0, 100_000) })),
    })
  }
  return cases
}

interface LogLine {
  level: number
  msg?: string
  reqId?: string
  err?: { stack?: string }
}

describe('hostile input on every route of the catalogue', () => {
  let t: TestApp
  const logs: LogLine[] = []
  const tokens: Record<Role, string> = { guest: '', player: '', operator: '' }

  beforeAll(async () => {
    t = await buildTestApp({
      env: { FEED: 'off' },
      logStream: { write: (line) => void logs.push(JSON.parse(line) as LogLine) },
    })
    tokens.player = (await loginAs(t.app, 'demo1', 'Password1')).token
    tokens.operator = await operatorToken()
  })

  const operatorToken = async () => {
    const admin = await call(t.app, null, 'POST', 'admin/login', {
      userName: DEV_OPERATOR.userName,
      password: DEV_OPERATOR.password,
    })
    return (admin.body.data as { token: string }).token
  }
  afterAll(() => t.close())

  /** What a refused call must not change: the rows money, bets, users and audit are made of. */
  const storeCounts = async () =>
    (
      await sql<{ counts: string }>`select concat_ws(',',
        (select count(*) from ledger_entries), (select count(*) from bet_orders),
        (select count(*) from users), (select count(*) from sessions),
        (select count(*) from audit_log)) as counts`.execute(t.app.db)
    ).rows[0]?.counts

  it('answers the calls a scanner broke with a 400 naming the field', async () => {
    const nul = 'holds a NUL or other control character'
    const cases: [Role, 'GET' | 'POST', string, unknown, string][] = [
      ['guest', 'POST', 'match/matches', { search: 'ab\u0000cd' }, `body.search: search ${nul}`],
      ['guest', 'POST', 'auth/forgotPassword', { user_name: 'a\u0000b' }, `user_name ${nul}`],
      [
        'operator',
        'GET',
        'admin/players?search=a%00b',
        undefined,
        `querystring.search: search ${nul}`,
      ],
      [
        'player',
        'POST',
        'bet/saveBet',
        { is_back: 1, market_id: 'm\u0000', odds: 2, selection_id: '1', stack: 100 },
        `market_id ${nul}`,
      ],
    ]
    for (const [role, method, url, body, msg] of cases) {
      const res = await call(t.app, tokens[role] || null, method, url, body)
      expect(res.status, url).toBe(400)
      expect(res.body.msg, url).toContain(msg)
    }
  })

  it('answers each with its success or a 4xx and a msg; logs no error; stores nothing refused', async () => {
    // The login door itself is tried once per case only with no session to lock out.
    const routes = t.app.routeCatalog.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.includes('*'),
    )
    expect(routes.length).toBeGreaterThan(100)
    const perRoute = new Map<string, number>()
    const failures: string[] = []
    let tried = 0
    for (const route of routes) {
      // A route may end its caller's session (logout, a time-out): each route gets fresh ones.
      tokens.player = (await newPlayer(t.app, { rupees: 1_000 })).token
      tokens.operator = await operatorToken()
      const roles: Role[] = route.url.startsWith('/api/v1/admin')
        ? ['guest', 'operator']
        : ['guest', 'player']
      for (const role of roles) {
        // The guest gets the shape cases only: spoiled fields behind a login are the signed-in roles'.
        const all = casesOf(route, role)
        const cases = role === 'guest' ? all.slice(-HOSTILE_BODIES.length - 1) : all
        for (const c of cases) {
          const before = await storeCounts()
          const logsBefore = logs.length
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: c.url,
            remoteAddress: `10.9.${tried % 250}.${Math.floor(tried / 250) % 250}`,
            headers: {
              ...(c.type ? { 'content-type': c.type } : {}),
              ...(tokens[role] ? { authorization: `Bearer ${tokens[role]}` } : {}),
            },
            ...(c.body === undefined ? {} : { payload: c.body }),
          })
          tried += 1
          perRoute.set(
            `${route.method} ${route.url}`,
            (perRoute.get(`${route.method} ${route.url}`) ?? 0) + 1,
          )
          const where = `${role} ${route.method} ${c.url.slice(0, 120)} ${c.type ?? ''} ${(c.body ?? '').slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`
          if (res.statusCode >= 500) failures.push(where)
          if (res.statusCode >= 400 && res.statusCode < 500) {
            // The trading API answers in Betfair's fault, whose error code is its readable message
            // (a URL the router cannot read still gets the general answer).
            const msg = (() => {
              try {
                const body = res.json() as {
                  msg?: unknown
                  detail?: { APINGException?: { errorCode?: unknown } }
                }
                return route.url.startsWith('/betfair/')
                  ? (body.detail?.APINGException?.errorCode ?? body.msg)
                  : body.msg
              } catch {
                return undefined
              }
            })()
            if (typeof msg !== 'string' || msg.length === 0) failures.push(`no msg: ${where}`)
            if ((await storeCounts()) !== before) failures.push(`stored: ${where}`)
          }
          const lines = logs.slice(logsBefore)
          if (lines.some((l) => l.level >= 50)) failures.push(`error logged: ${where}`)
          if (res.statusCode < 500 && lines.some((l) => l.err?.stack))
            failures.push(`stack logged: ${where}`)
          if (res.statusCode >= 400 && res.statusCode < 500 && lines.length > 1)
            failures.push(`${lines.length} lines logged: ${where}`)
        }
      }
    }
    console.log(`hostile input: ${routes.length} routes × their cases = ${tried} requests`)
    if (process.env.HOSTILE_INPUT_DUMP) console.log(failures.join('\n'))
    expect(failures.slice(0, 30)).toEqual([])
    // Every route of the catalogue got cases: a route added without any fails here.
    expect(routes.filter((r) => !perRoute.has(`${r.method} ${r.url}`))).toEqual([])
  }, 1_200_000)
})
