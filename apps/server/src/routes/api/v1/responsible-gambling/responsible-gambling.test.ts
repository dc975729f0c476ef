import { LOGIN_BASIC_AUTHORIZATION } from '@backlay/contract/auth'
import { responsibleGamblingResponse } from '@backlay/contract/responsible-gambling'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { RG_GATED_ROUTES } from '../../../../admin/rg-gate'
import { DEV_OPERATOR } from '../../../../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'
import { startSession } from '../../../../use-cases/sessions'

const HOUR = 3_600_000

/** Booting the app (PGlite, migrations, seed, feed) takes minutes when the machine is busy. */
const BOOT_TIMEOUT_MS = 180_000

describe('responsible gambling and payments', () => {
  let t: TestApp
  let admin: string
  // A Monday morning in India, so a day later is still the same week.
  const clock = manualClock('2026-11-23T04:00:00Z')
  let utrSeq = 100_000_000_000

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
  }, BOOT_TIMEOUT_MS)
  // Tests move the clock by days, past a token's lifetime: each starts with a fresh console login.
  beforeEach(async () => {
    const res = await inject('POST', 'admin/login', null, {
      userName: DEV_OPERATOR.userName,
      password: DEV_OPERATOR.password,
    })
    admin = res.json().data.token
  })
  afterAll(() => t.close())

  function inject(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
    return t.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    })
  }

  /** A B2C player created in the console, logged in on the player site. */
  async function b2cPlayer(userName: string) {
    const created = await inject('POST', 'admin/players', admin, {
      userName,
      name: userName,
      password: 'Secret123',
      isB2C: true,
      brandId: 'localhost',
    })
    expect(created.statusCode, created.body).toBe(200)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        host: 'localhost',
        authorization: LOGIN_BASIC_AUTHORIZATION,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        user_name: userName,
        password: 'Secret123',
        grant_type: 'password',
      }).toString(),
    })
    expect(login.statusCode, login.body).toBe(200)
    return { id: created.json().data.id as string, token: login.json().token.accessToken as string }
  }

  /** A live session of the player, as another device would hold. */
  const sessionOf = async (id: string) =>
    (await startSession(t.app.db, t.app.tokens, { id, brand_id: 'localhost', role: 'player' }))
      .token

  const deposit = (token: string, amount: number) =>
    inject('POST', 'deposit/request', token, {
      amount,
      method: 'UPI',
      utr: String(utrSeq++),
    })

  it('applies a lower deposit limit at once and a higher one only after 24 hours', async () => {
    const p = await b2cPlayer('limits_1')
    const set = (weekly: number | null) =>
      inject('POST', 'responsible-gambling/deposit-limits', p.token, {
        daily: null,
        weekly,
        monthly: null,
      })
    expect((await set(1000)).json().data.deposit_limits.weekly).toMatchObject({
      limit: 1000,
      pending_limit: null,
    })
    expect((await deposit(p.token, 800)).statusCode).toBe(200)
    const over = await deposit(p.token, 300)
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({
      code: 'RG.DEPOSIT_LIMIT',
      msg: 'This deposit would exceed your deposit limit',
    })

    const raised = responsibleGamblingResponse.parse((await set(5000)).json()).data
    expect(raised.deposit_limits.weekly).toEqual({
      limit: 1000,
      pending_limit: 5000,
      pending_from: new Date(clock.now() + 24 * HOUR).toISOString(),
      used: 800,
    })
    expect((await deposit(p.token, 300)).statusCode).toBe(409)
    clock.advance(24 * HOUR + 1)
    p.token = await sessionOf(p.id)
    expect((await deposit(p.token, 300)).statusCode).toBe(200)

    // Lowering is never delayed.
    expect((await set(1200)).json().data.deposit_limits.weekly.limit).toBe(1200)
    expect((await deposit(p.token, 101)).statusCode).toBe(409)
    expect((await deposit(p.token, 100)).statusCode).toBe(200)
  })

  it('credits an approved deposit through the ledger and holds a withdrawal until paid out', async () => {
    const p = await b2cPlayer('payer_1')
    const claim = await deposit(p.token, 2500)
    const ref = claim.json().data.refrenceNo as string
    const pending = (await inject('GET', 'admin/payments?status=PENDING', admin)).json().data
    expect(pending.list).toContainEqual(
      expect.objectContaining({
        id: ref,
        userName: 'payer_1',
        amount: 2500,
        reference: expect.any(String),
      }),
    )
    const approve = (id: string) =>
      inject('POST', `admin/payments/${id}/decision`, admin, {
        decision: 'APPROVE',
        remark: 'UTR seen',
      })
    expect((await approve(ref)).statusCode).toBe(200)
    expect((await approve(ref)).json().msg).toBe('This deposit is already approved.')
    const player = (await inject('GET', `admin/players/${p.id}`, admin)).json().data
    expect(player.balance).toBe(2500)

    const withdrawal = await inject('POST', 'withdrawal/request', p.token, {
      method: 'UPI',
      amount: 1000,
      upi_id: 'payer@okbank',
    })
    expect(withdrawal.statusCode, withdrawal.body).toBe(200)
    expect((await inject('GET', `admin/players/${p.id}`, admin)).json().data.balance).toBe(1500)
    const rejected = await inject(
      'POST',
      `admin/payments/${withdrawal.json().data.refrenceNo}/decision`,
      admin,
      {
        decision: 'REJECT',
        remark: 'KYC pending',
      },
    )
    expect(rejected.statusCode).toBe(200)
    expect((await inject('GET', `admin/players/${p.id}`, admin)).json().data.balance).toBe(2500)

    const held = await inject('POST', 'withdrawal/request', p.token, {
      method: 'UPI',
      amount: 700,
      upi_id: 'payer@okbank',
    })
    expect(held.json().msg).toBe('Withdrawal request received.')
    const cancelled = await inject('POST', 'withdrawal/cancel', p.token, {
      refrenceNo: held.json().data.refrenceNo,
    })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json().msg).toBe('Withdrawal cancelled.')
    expect((await inject('GET', `admin/players/${p.id}`, admin)).json().data.balance).toBe(2500)

    const details = await inject('GET', `transactions/DEPOSIT/${ref}`, p.token)
    expect(details.json().data.history.map((h: { status: string }) => h.status)).toEqual([
      'PENDING',
      'APPROVED',
    ])
    const audit = (await inject('GET', `admin/players/${p.id}/audit`, admin)).json().data.list
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['payment.deposit.approved', 'payment.withdrawal.rejected']),
    )
  })

  it('refuses a self-excluded player on bet, casino launch and deposit, on every session', async () => {
    const p = await b2cPlayer('excluded_1')
    const wrong = await inject('POST', 'responsible-gambling/self-exclusion', p.token, {
      period: '6m',
      password: 'nope',
    })
    expect(wrong.statusCode).toBe(400)
    const excluded = await inject('POST', 'responsible-gambling/self-exclusion', p.token, {
      period: '6m',
      password: 'Secret123',
    })
    expect(excluded.statusCode, excluded.body).toBe(200)
    expect(excluded.json().data.self_exclusion.until).toBe('2027-05-24T04:00:00.001Z')
    // The exclusion ended the session it was set from.
    expect((await inject('POST', 'user/getBalanceCRef', p.token, {})).statusCode).toBe(401)

    const fresh = { token: await sessionOf(p.id) }
    const refused = [
      await inject('POST', 'bet/saveBet', fresh.token, {
        is_back: 1,
        market_id: '1.1',
        odds: 2,
        selection_id: '1',
        stack: 100,
      }),
      await inject('POST', 'lotus/lobbyUrl', fresh.token, {}),
      await inject('POST', 'qtech/launchUrl', fresh.token, { gameId: 'x', providerCode: 'y' }),
      await deposit(fresh.token, 500),
    ]
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json()).toMatchObject({
        status: false,
        code: 'RG.SELF_EXCLUDED',
        msg: 'Your account is self-excluded',
      })
    }
    const seen = (await inject('GET', `admin/players/${p.id}`, admin)).json().data
    expect(seen.responsibleGambling.self_exclusion.until).toBe('2027-05-24T04:00:00.001Z')
  })

  it('reads the exclusion afresh on every gated call, after the session check', async () => {
    const p = await b2cPlayer('gate_1')
    const other = await b2cPlayer('gate_2')
    const bodies: Record<string, object> = {
      '/api/v1/bet/saveBet': {
        is_back: 1,
        market_id: '1.1',
        odds: 2,
        selection_id: '1',
        stack: 100,
      },
      '/api/v1/bet/saveFancyBet': { is_back: 1, fancy_id: '1', run: 10, size: 100, stack: 100 },
      '/api/v1/bet/saveHrBet': [],
      '/api/v1/lotus/lobbyUrl': {},
      '/api/v1/qtech/launchUrl': { gameId: 'x', providerCode: 'y' },
      '/api/v1/deposit/request': { amount: 500, method: 'UPI', utr: String(utrSeq++) },
    }
    const call = (route: string, token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: route,
        headers: { host: 'localhost', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: bodies[route] ?? {},
      })
    const bet = (token: string | null) => call('/api/v1/bet/saveBet', token)
    const isRgRefusal = (res: { statusCode: number; json: () => { code?: string } }) =>
      res.statusCode === 403 && res.json().code === 'RG.SELF_EXCLUDED'

    // The gate reads the player's (missing) exclusion row here; a cached read would let the
    // calls after the exclusion through.
    const before = await bet(p.token)
    expect(isRgRefusal(before), before.body).toBe(false)
    const excluded = await inject('POST', 'responsible-gambling/self-exclusion', p.token, {
      period: '1y',
      password: 'Secret123',
    })
    expect(excluded.statusCode, excluded.body).toBe(200)

    // Session validity comes first: the ended session and a missing token get the 401.
    for (const token of [p.token, null]) {
      const res = await bet(token)
      expect(res.statusCode, res.body).toBe(401)
      expect(res.json().code).toBe('AUTH.UNAUTHORIZED')
    }

    const fresh = await sessionOf(p.id)
    for (const route of RG_GATED_ROUTES) {
      expect(bodies[route], route).toBeDefined()
      const res = await call(route, fresh)
      expect(res.statusCode, `${route} ${res.body}`).toBe(403)
      expect(res.json()).toEqual({
        status: false,
        code: 'RG.SELF_EXCLUDED',
        msg: 'Your account is self-excluded',
      })
    }
    const placed = await t.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', p.id)
      .execute()
    expect(placed).toEqual([])

    // Calls of several players in one turn share a read; each gets their own answer.
    const [first, free, second] = await Promise.all([
      bet(fresh),
      bet(other.token),
      bet(await sessionOf(p.id)),
    ])
    expect([first, free, second].map(isRgRefusal)).toEqual([true, false, true])
  })

  it('refuses a timed-out player until the time-out ends', async () => {
    const p = await b2cPlayer('timeout_1')
    await inject('POST', 'responsible-gambling/time-out', p.token, { period: '24h' })
    const fresh = { token: await sessionOf(p.id) }
    const during = await deposit(fresh.token, 500)
    expect(during.json()).toMatchObject({
      code: 'RG.TIMED_OUT',
      msg: 'Your account is on a time-out',
    })
    clock.advance(24 * HOUR + 1)
    expect((await deposit(await sessionOf(p.id), 500)).statusCode).toBe(200)
  })
})
