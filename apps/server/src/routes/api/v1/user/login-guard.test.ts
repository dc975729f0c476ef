import { playerResponse } from '@backlay/contract/admin'
import { LOGIN_BASIC_AUTHORIZATION, loginStepUpResponse } from '@backlay/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../../../auth/password'
import { AUTH_CALLS_PER_IP_PER_MINUTE } from '../../../../plugins/rate-limits'
import { DEV_OPERATOR } from '../../../../seed/seed-dev-data'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('failed-login protection: strangers slow themselves down, never the owner', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  const login = (
    user_name: string,
    password: string,
    remoteAddress: string,
    step?: { orderId: string; otp: string },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: LOGIN_BASIC_AUTHORIZATION,
      },
      payload: new URLSearchParams({
        user_name,
        password,
        grant_type: 'password',
        ...step,
      }).toString(),
    })
  const latestCode = (mobile: string) => t.app.otpOutbox?.forMobile(mobile)[0]?.code ?? ''

  let playerSeq = 0
  /** Players of the localhost brand with password Password1, hashed once. */
  async function newPlayers(count: number, mobile: (i: number) => string | null = () => null) {
    const hash = await hashPassword('Password1')
    const names = Array.from({ length: count }, () => `guard${++playerSeq}`)
    await t.app.db
      .insertInto('users')
      .values(
        names.map((name, i) => ({
          id: `guard-user-${name}`,
          brand_id: 'localhost',
          role: 'player' as const,
          user_name: name,
          name,
          mobile: mobile(i),
          country_code: mobile(i) ? '+91' : null,
          password_hash: hash,
          operator_id: null,
          settings: JSON.stringify({}),
        })),
      )
      .execute()
    return names
  }

  it('lets the owner in from another address after twenty wrong passwords, and slows the attacker', async () => {
    const [victim = ''] = await newPlayers(1)
    const attacker = '203.0.113.10'
    const answers: { status: number; msg: string }[] = []
    for (let i = 0; i < 20; i++) {
      const res = await login(victim, 'WrongPass1', attacker)
      answers.push({ status: res.statusCode, msg: res.json().msg })
      clock.advance(500)
    }
    // Three free tries, then waits that double: 1 s, 2 s, 4 s… most of the twenty never get tried.
    expect(answers.slice(0, 3).every((a) => a.status === 400)).toBe(true)
    const slowed = answers.filter((a) => a.status === 429)
    expect(slowed.length).toBeGreaterThan(10)
    expect(slowed[0]?.msg).toMatch(
      /^Too many failed logins\. Please try again in \d+ seconds or reset your password\.$/,
    )
    const waits = slowed.map((a) => Number(/in (\d+) seconds/.exec(a.msg)?.[1]))
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(4)

    const owner = await login(victim, 'Password1', '198.51.100.20')
    expect(owner.statusCode, owner.body).toBe(200)
  })

  it('asks for an OTP after many wrong passwords from many addresses, and the right one logs in', async () => {
    const [victim = ''] = await newPlayers(1, () => '9111100001')
    for (let i = 0; i < 10; i++) {
      expect((await login(victim, 'WrongPass1', `203.0.113.${100 + i}`)).statusCode).toBe(400)
    }
    const notes = await t.app.db
      .selectFrom('notification_messages')
      .select('text')
      .where('user_id', '=', `guard-user-${victim}`)
      .execute()
    expect(notes).toHaveLength(1)
    expect(notes[0]?.text).toMatch(/wrong password for your account many times/)

    // Not a lock: the right password from the owner's phone is asked to confirm with an OTP.
    const owner = '198.51.100.30'
    const asked = await login(victim, 'Password1', owner)
    expect(asked.statusCode).toBe(403)
    const stepUp = loginStepUpResponse.parse(asked.json())
    expect(stepUp.data.mobile).toBe('******0001')
    const code = latestCode('9111100001')
    expect(code).toMatch(/^\d{6}$/)

    const wrongCode = code === '000000' ? '111111' : '000000'
    const wrong = await login(victim, 'Password1', owner, {
      orderId: stepUp.data.orderId,
      otp: wrongCode,
    })
    expect(wrong.json().code).toBe('OTP.WRONG')
    // A stranger with the OTP but not the password gets nowhere.
    const noPassword = await login(victim, 'WrongPass1', '203.0.113.200', {
      orderId: stepUp.data.orderId,
      otp: code,
    })
    expect(noPassword.statusCode).toBe(400)

    const confirmed = await login(victim, 'Password1', owner, {
      orderId: stepUp.data.orderId,
      otp: code,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    // Confirmed once, the account starts afresh.
    expect((await login(victim, 'Password1', owner)).statusCode).toBe(200)
  })

  it('lets two hundred players behind one address log in within a minute', async () => {
    const names = await newPlayers(200)
    const shared = '100.64.0.1'
    const answers = []
    for (const name of names) answers.push((await login(name, 'Password1', shared)).statusCode)
    expect(answers.filter((s) => s === 200)).toHaveLength(200)
  }, 120_000)

  it('slows the same volume of wrong passwords from one address', async () => {
    clock.advance(60 * 60_000)
    const names = await newPlayers(200)
    const sweeper = '100.64.0.2'
    const answers = []
    for (const name of names) answers.push(await login(name, 'WrongPass1', sweeper))
    const wrong = answers.filter((a) => a.statusCode === 400)
    const slowed = answers.filter((a) => a.statusCode === 429)
    expect(wrong).toHaveLength(30)
    expect(slowed).toHaveLength(170)
    expect(slowed[0]?.json().msg).toMatch(
      /^Too many failed logins from your network\. Please try again in \d+ seconds\.$/,
    )
    // Another address, even for the same accounts, is not affected.
    expect((await login(names[199] ?? '', 'Password1', '100.64.0.3')).statusCode).toBe(200)
  }, 120_000)

  it('takes each brand’s own limits, and an operator sees and clears the failed logins', async () => {
    clock.advance(60 * 60_000)
    await t.app.db
      .updateTable('brands')
      .set({
        config: JSON.stringify({
          loginProtection: {
            pairFreeFailures: 3,
            addressFailuresPerMinute: 40,
            accountFailuresBeforeStepUp: 4,
          },
        }),
      })
      .where('id', '=', 'localhost')
      .execute()
    const [victim = ''] = await newPlayers(1, () => '9111100002')
    for (let i = 0; i < 4; i++) await login(victim, 'WrongPass1', `203.0.113.${150 + i}`)
    expect((await login(victim, 'Password1', '198.51.100.40')).statusCode).toBe(403)

    const admin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/login',
      payload: { userName: DEV_OPERATOR.userName, password: DEV_OPERATOR.password },
    })
    const token = admin.json().data.token as string
    const headers = { authorization: `Bearer ${token}` }
    const id = `guard-user-${victim}`
    const shown = await t.app.inject({ method: 'GET', url: `/api/v1/admin/players/${id}`, headers })
    expect(playerResponse.parse(shown.json()).data.loginProtection).toEqual({
      failedLogins: 4,
      stepUpRequired: true,
    })
    const cleared = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/players/${id}/login-protection/clear`,
      headers,
      payload: { reason: 'Player called support from the registered number' },
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    expect((await login(victim, 'Password1', '198.51.100.40')).statusCode).toBe(200)
  })

  it('keeps one per-address budget for the other credential calls, with a clear msg', async () => {
    const ip = '192.0.2.77'
    const otp = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgotPassword',
        remoteAddress: ip,
        payload: { country_code: '+91', mobile: '9000000001' },
      })
    const answers: number[] = []
    for (let i = 0; i < AUTH_CALLS_PER_IP_PER_MINUTE; i++) answers.push((await otp()).statusCode)
    expect(answers.every((s) => s === 200)).toBe(true)
    const limited = await otp()
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ status: false, code: 'AUTH.RATE_LIMITED' })
    expect(limited.json().msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/)
    // Logins are not in that budget: a right password from the same address still gets in.
    expect((await login('demo1', 'Password1', ip)).statusCode).toBe(200)
  })
})
