import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type AlertKind,
  alertFiringsResponse,
  alertRuleResponse,
} from '@backlay/contract/admin-reports'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminCaller, call, newPlayer, restingBetBeforeInPlay } from '../../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../../test/test-app'
import { WIN_RATE_MIN_BETS } from './alert-conditions'

/** A webhook receiver on loopback that keeps every body it is sent. */
async function webhookReceiver() {
  const bodies: Record<string, unknown>[] = []
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => {
      raw += chunk
    })
    req.on('end', () => {
      bodies.push(JSON.parse(raw))
      res.end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('operator alerts', () => {
  let t: TestApp
  let admin: Awaited<ReturnType<typeof adminCaller>>
  let hook: Awaited<ReturnType<typeof webhookReceiver>>
  const clock = manualClock(new Date().toISOString())

  beforeAll(async () => {
    // The feed ticks (so it can fall silent) but never on its own within the test.
    t = await buildTestApp({ clock, env: { FEED_TICK_MS: '3600000' } })
    admin = await adminCaller(t.app)
    hook = await webhookReceiver()
  }, 180_000)
  afterAll(async () => {
    await t.close()
    await hook.close()
  })

  const rule = async (kind: AlertKind, threshold: number, webhookUrl: string | null = null) => {
    const res = await admin('POST', 'alerts', { kind, threshold, webhookUrl })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return alertRuleResponse.parse(res.body).data
  }
  const firing = async () => {
    await t.app.alerts.check()
    return alertFiringsResponse.parse((await admin('GET', 'alerts/firing')).body).data
  }
  const off = async (id: string) =>
    expect((await admin('PATCH', `alerts/${id}`, { active: false })).status).toBe(200)

  it('fires once while a market holds too much, tells the webhook once, and clears', async () => {
    const exposure = await rule('market-exposure', 50, hook.url)
    const { market, player } = await restingBetBeforeInPlay(t.app)

    const [first, ...others] = await firing()
    expect(others).toEqual([])
    expect(first).toMatchObject({
      ruleId: exposure.id,
      kind: 'market-exposure',
      subject: `market:${market.id}`,
    })
    expect(first?.message).toMatch(/^Players hold ₹100\.00 on .+, above ₹50\.00\.$/)
    expect(await firing()).toEqual([first])
    expect(hook.bodies).toEqual([
      expect.objectContaining({ alert: 'market-exposure', subject: `market:${market.id}` }),
    ])

    const bets = await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBetAll', {
      market_id: market.id,
    })
    expect(bets.status, JSON.stringify(bets.body)).toBe(200)
    await t.app.exchange.idle()
    expect(await firing()).toEqual([])
    expect(hook.bodies).toHaveLength(1)
    await off(exposure.id)
  })

  it('fires when the feed falls silent and when a closed market waits for settlement', async () => {
    const silent = await rule('feed-silent', 60)
    expect(await firing()).toEqual([])
    clock.advance(61_000)
    expect(await firing()).toEqual([
      expect.objectContaining({
        kind: 'feed-silent',
        subject: 'feed',
        message: 'The market feed has been silent for 61 s (alert at 60 s).',
      }),
    ])
    await off(silent.id)
    expect(await firing()).toEqual([])

    const late = await rule('settlement-late', 5)
    const { market } = await restingBetBeforeInPlay(t.app)
    // The result came in 6 minutes ago and the settlement never ran.
    await t.app.db
      .updateTable('markets')
      .set({ status: 'CLOSED', closed_at: new Date(clock.now() - 6 * 60_000) })
      .where('id', '=', market.id)
      .execute()
    const [stuck] = await firing()
    expect(stuck).toMatchObject({ kind: 'settlement-late', subject: `market:${market.id}` })
    expect(stuck?.message).toMatch(/closed 6 min ago and is not settled\.$/)
    await off(late.id)
  })

  it('fires on a player who wins too often and on a stake far above the usual', async () => {
    const lucky = await newPlayer(t.app, { rupees: 0 })
    const jumpy = await newPlayer(t.app, { rupees: 0 })
    const market = await t.app.db
      .selectFrom('markets')
      .select(['id', 'event_id', 'kind'])
      .executeTakeFirstOrThrow()
    const order = (userId: string, stake: number, at: number, result: 'WON' | 'LOST' | null) => ({
      id: randomUUID(),
      user_id: userId,
      book: 'real' as const,
      market_id: market.id,
      event_id: market.event_id,
      market_kind: market.kind,
      selection_id: '1',
      side: 'BACK' as const,
      odds: 200,
      stake,
      matched: stake,
      matched_value: stake * 200,
      remaining: 0,
      cancelled: 0,
      status: result ? ('SETTLED' as const) : ('OPEN' as const),
      result,
      pl: result === 'WON' ? stake : result === 'LOST' ? -stake : null,
      placed_at: new Date(at),
      settled_at: result ? new Date(at + 60_000) : null,
    })
    const now = clock.now()
    const dayMs = 86_400_000
    // 9 won of 10 settled in the last days; 5 bets of ₹100 last week, then ₹2,000 today.
    await t.app.db
      .insertInto('bet_orders')
      .values([
        ...Array.from({ length: WIN_RATE_MIN_BETS }, (_, i) =>
          order(lucky.id, 100_00, now - dayMs - i * 60_000, i === 0 ? 'LOST' : 'WON'),
        ),
        ...Array.from({ length: 5 }, (_, i) => order(jumpy.id, 100_00, now - 3 * dayMs - i, null)),
        order(jumpy.id, 2_000_00, now - 60_000, null),
      ])
      .execute()

    const winRate = await rule('player-win-rate', 90)
    const jump = await rule('player-stake-jump', 10)
    const seen = await firing()
    expect(seen.map((f) => [f.kind, f.subject]).sort()).toEqual([
      ['player-stake-jump', `player:${jumpy.id}`],
      ['player-win-rate', `player:${lucky.id}`],
    ])
    expect(seen.find((f) => f.kind === 'player-win-rate')?.message).toMatch(
      /won 9 of 10 bets settled in 7 days \(90%\), at or above 90%\.$/,
    )
    expect(seen.find((f) => f.kind === 'player-stake-jump')?.message).toMatch(
      /staked ₹2,000\.00 against a usual ₹100\.00, 10× or more\.$/,
    )
    await off(winRate.id)
    await off(jump.id)
    expect(await firing()).toEqual([])
  })

  it('lets only admins set alerts up, and says what is wrong with a rule', async () => {
    const agent = await admin('POST', 'operators', {
      userName: 'agent9',
      name: 'Agent Nine',
      password: 'Agent9pass',
    })
    expect(agent.status).toBe(200)
    const login = await call(t.app, null, 'POST', 'admin/login', {
      userName: 'agent9',
      password: 'Agent9pass',
    })
    const token = (login.body.data as { token: string }).token
    expect((await call(t.app, token, 'GET', 'admin/alerts/firing')).status).toBe(403)
    expect((await call(t.app, token, 'GET', 'admin/alerts')).status).toBe(403)

    const zero = await admin('POST', 'alerts', { kind: 'feed-silent', threshold: 0 })
    expect(zero.status).toBe(400)
    expect(zero.body.msg).toMatch(/The threshold must be above 0\./)
    const ftp = await admin('POST', 'alerts', {
      kind: 'feed-silent',
      threshold: 5,
      webhookUrl: 'ftp://example.test/x',
    })
    expect(ftp.status).toBe(400)
    expect(ftp.body.msg).toMatch(/Enter an http\(s\) address\./)
    const brand = await admin('POST', 'alerts', {
      kind: 'market-exposure',
      threshold: 5,
      brandId: 'nope',
    })
    expect(brand).toMatchObject({ status: 400, body: { msg: 'No such brand.' } })
    expect((await admin('PATCH', `alerts/${randomUUID()}`, { active: true })).status).toBe(404)
  })
})

describe('the alert check interval', () => {
  it('evaluates the rules every ALERT_CHECK_SECONDS by itself', async () => {
    const t = await buildTestApp({
      clock: manualClock(new Date().toISOString()),
      env: { ALERT_CHECK_SECONDS: '1' },
    })
    try {
      const admin = await adminCaller(t.app)
      await restingBetBeforeInPlay(t.app)
      await admin('POST', 'alerts', { kind: 'market-exposure', threshold: 1 })
      await vi.waitFor(
        async () => {
          const banner = alertFiringsResponse.parse((await admin('GET', 'alerts/firing')).body)
          expect(banner.data).toHaveLength(1)
        },
        { timeout: 10_000, interval: 200 },
      )
    } finally {
      await t.close()
    }
  }, 180_000)
})
