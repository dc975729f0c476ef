import { LOGIN_BASIC_AUTHORIZATION } from '@backlay/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_OPERATOR } from '../../../../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

/** Booting the app (PGlite, migrations, seed, feed) takes minutes when the machine is busy. */
const BOOT_TIMEOUT_MS = 180_000

describe('operator API', () => {
  let t: TestApp
  let admin: string
  const clock = manualClock('2026-11-23T10:00:00Z')

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
    admin = await operatorToken(DEV_OPERATOR.userName, DEV_OPERATOR.password)
  }, BOOT_TIMEOUT_MS)
  afterAll(() => t.close())

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1/admin${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })

  async function operatorToken(userName: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      payload: { userName, password },
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.token as string
  }

  async function playerToken(userName: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        host: 'localhost',
        authorization: LOGIN_BASIC_AUTHORIZATION,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        user_name: userName,
        password,
        grant_type: 'password',
      }).toString(),
    })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().token.accessToken as string
  }

  it('refuses a player on every admin call with 403, and a missing token with 401', async () => {
    const player = await playerToken('demo1', 'Password1')
    const adminCalls = t.app.routeCatalog.filter(
      (r) =>
        r.url.startsWith('/api/v1/admin/') &&
        r.url !== '/api/v1/admin/login' &&
        r.method !== 'HEAD',
    )
    expect(adminCalls.length).toBeGreaterThan(15)
    for (const route of adminCalls) {
      const url = route.url.replace(/:(\w+)/g, 'x1')
      const asPlayer = await t.app.inject({
        method: route.method,
        url,
        headers: { authorization: `Bearer ${player}` },
        payload: route.method === 'GET' ? undefined : {},
      })
      expect(asPlayer.statusCode, `${route.method} ${route.url}`).toBe(403)
      expect(asPlayer.json()).toMatchObject({ status: false, code: 'ADMIN.FORBIDDEN' })
      const anonymous = await t.app.inject({ method: route.method, url })
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401)
    }
  })

  it('refuses a player’s credentials at the console login', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      payload: { userName: 'demo1', password: 'Password1' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toBe('Invalid user id or password.')
  })

  describe('agents', () => {
    let agentA: string
    let agentB: string
    let playerOfA: string

    beforeAll(async () => {
      for (const userName of ['agent_a', 'agent_b']) {
        const res = await call('POST', '/operators', admin, {
          userName,
          name: userName,
          password: 'Secret123',
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      agentA = await operatorToken('agent_a', 'Secret123')
      agentB = await operatorToken('agent_b', 'Secret123')
      const created = await call('POST', '/players', agentA, {
        userName: 'punter_a',
        name: 'Punter A',
        password: 'Secret123',
        // An agent cannot hand its player to someone else: the server keeps it below the agent.
        operatorId: 'someone-else',
      })
      expect(created.statusCode, created.body).toBe(200)
      playerOfA = created.json().data.id
    })

    it('lists only its own players', async () => {
      const mine = (await call('GET', '/players', agentA)).json().data
      expect(mine.list.map((p: { userName: string }) => p.userName)).toEqual(['punter_a'])
      const theirs = (await call('GET', '/players?search=punter', agentB)).json().data
      expect(theirs).toEqual({ list: [], total: 0 })
      const all = (await call('GET', '/players?search=punter', admin)).json().data
      expect(all.total).toBe(1)
    })

    it('cannot see or touch another agent’s player', async () => {
      const attempts = [
        call('GET', `/players/${playerOfA}`, agentB),
        call('GET', `/players/${playerOfA}/ledger`, agentB),
        call('GET', `/players/${playerOfA}/audit`, agentB),
        call('POST', `/players/${playerOfA}/lock`, agentB, { locked: true, reason: 'x' }),
        call('POST', `/players/${playerOfA}/password`, agentB, {
          password: 'Hijack1',
          reason: 'x',
        }),
        call('POST', `/players/${playerOfA}/adjust`, agentB, {
          direction: 'credit',
          amount: 100,
          reason: 'x',
        }),
      ]
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(404)
        expect(res.json().code).toBe('PLAYER.NOT_FOUND')
      }
      const player = (await call('GET', `/players/${playerOfA}`, agentA)).json().data
      expect(player).toMatchObject({ locked: false, balance: 0 })
    })

    it('credits its own player through the ledger, audited with the reason', async () => {
      const res = await call('POST', `/players/${playerOfA}/adjust`, agentA, {
        direction: 'credit',
        amount: 2500.5,
        reason: 'Opening credit',
      })
      expect(res.json()).toEqual({ status: true, data: { balance: 2500.5 } })
      const overdraw = await call('POST', `/players/${playerOfA}/adjust`, agentA, {
        direction: 'debit',
        amount: 3000,
        reason: 'Too much',
      })
      expect(overdraw.statusCode).toBe(400)
      expect(overdraw.json().msg).toBe('Insufficient balance.')

      const ledger = (await call('GET', `/players/${playerOfA}/ledger`, agentA)).json().data
      expect(ledger.list).toEqual([
        expect.objectContaining({ kind: 'operator.credit', amount: 2500.5, balanceAfter: 2500.5 }),
      ])
      const audit = (await call('GET', `/players/${playerOfA}/audit`, agentA)).json().data
      expect(audit.list[0]).toMatchObject({
        actorName: 'agent_a',
        action: 'player.credit',
        reason: 'Opening credit',
        before: { locked: false },
        after: { balance: 2500.5 },
      })
    })

    it('posts an adjustment sent twice under one Idempotency-Key once', async () => {
      const keyed = (key: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/players/${playerOfA}/adjust`,
          headers: { authorization: `Bearer ${agentA}`, 'idempotency-key': key },
          payload: { direction: 'credit', amount: 100, reason: 'Retried credit' },
        })
      const first = await keyed('retry-credit-1')
      const again = await keyed('retry-credit-1')
      expect(first.json().data.balance).toBe(again.json().data.balance)
      const ledger = (await call('GET', `/players/${playerOfA}/ledger`, agentA)).json().data
      expect(
        ledger.list.filter((row: { memo: string }) => row.memo === 'Retried credit'),
      ).toHaveLength(1)
      const bad = await keyed('no')
      expect(bad.statusCode).toBe(400)
      expect(bad.json().msg).toMatch(/idempotency-key/i)
    })

    it('keeps agents out of admin-only calls', async () => {
      for (const res of [
        await call('GET', '/brands', agentA),
        await call('GET', '/operators', agentA),
        await call('POST', '/markets/1.1/status', agentA, { status: 'SUSPENDED' }),
      ]) {
        expect(res.statusCode).toBe(403)
      }
    })

    it('shows an agent only the audit entries about itself and its players', async () => {
      const seen = (await call('GET', '/audit', agentB)).json().data.list
      expect(seen.every((e: { actorName: string }) => e.actorName === 'agent_b')).toBe(true)
    })
  })

  it('saves a brand’s settings and messages, served to the player site at once and audited', async () => {
    const brands = (await call('GET', '/brands', admin)).json().data as {
      id: string
      host: string
      name: string
      settings: Record<string, unknown>
    }[]
    const local = brands.find((b) => b.id === 'localhost')
    if (!local) throw new Error('no localhost brand')
    const settings = {
      ...local.settings,
      theme: { primary: '#123456', secondary: '#abcdef', background: '#fefefe' },
      site: { ...(local.settings.site as object), isDeposit: true, appName: 'Lotus Local' },
      redirects: { 'old.localhost': 'localhost' },
      notifications: [{ id: '', text: 'Welcome to the new season', Type: 'T' }],
    }
    const saved = await call('PUT', '/brands/localhost', admin, {
      name: local.name,
      host: local.host,
      settings,
    })
    expect(saved.statusCode, saved.body).toBe(200)

    const site = await t.app.inject({
      method: 'GET',
      url: '/api/v1/app-config',
      headers: { host: 'localhost' },
    })
    const modules = site.json().result.appConfig as {
      moduleName: string
      model: Record<string, unknown>
    }[]
    expect(modules.find((m) => m.moduleName === 'theme')?.model).toEqual(settings.theme)
    expect(modules.find((m) => m.moduleName === 'site')?.model).toMatchObject({
      isDeposit: true,
      appName: 'Lotus Local',
    })
    expect(modules.find((m) => m.moduleName === 'redirect')?.model).toEqual(settings.redirects)
    const messages = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/guest/notification/message',
      headers: { host: 'localhost' },
    })
    expect(messages.json().data).toEqual([
      expect.objectContaining({ text: 'Welcome to the new season', Type: 'T' }),
    ])

    const audit = (await call('GET', '/audit?targetType=brand&targetId=localhost', admin)).json()
      .data
    expect(audit.list[0]).toMatchObject({ action: 'brand.update', actorName: 'operator1' })
  })

  it('locks a player (their session ends at once) and keeps the audit log append-only', async () => {
    const player = await playerToken('demo2', 'Password1')
    const found = (await call('GET', '/players?search=demo2', admin)).json().data.list[0]
    const locked = await call('POST', `/players/${found.id}/lock`, admin, {
      locked: true,
      reason: 'Chargeback',
    })
    expect(locked.statusCode, locked.body).toBe(200)
    const balance = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/getBalanceCRef',
      headers: { authorization: `Bearer ${player}` },
      payload: {},
    })
    expect([401, 403]).toContain(balance.statusCode)
    await call('POST', `/players/${found.id}/lock`, admin, { locked: false, reason: 'Resolved' })

    await expect(
      t.app.db.updateTable('audit_log').set({ reason: 'edited' }).execute(),
    ).rejects.toThrow(/immutable/)
    await expect(t.app.db.deleteFrom('audit_log').execute()).rejects.toThrow(/immutable/)
  })
})
