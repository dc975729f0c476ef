import { LOGIN_BASIC_AUTHORIZATION } from '@backlay/contract/auth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_FAILURES_ALLOWED } from '../../../../auth/login-throttle'
import { AUTH_CALLS_PER_IP_PER_MINUTE } from '../../../../plugins/rate-limits'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('login throttling', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  const login = (user_name: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: LOGIN_BASIC_AUTHORIZATION,
      },
      payload: new URLSearchParams({ user_name, password, grant_type: 'password' }).toString(),
    })

  it('locks an account for 15 minutes after 5 failures, from any IP, even for the right password', async () => {
    for (let i = 0; i < LOGIN_FAILURES_ALLOWED; i++) {
      const res = await login('demo2', 'WrongPass1', `10.0.0.${i + 1}`)
      expect(res.json().code).toBe('AUTH.INVALID_CREDENTIALS')
    }
    const blocked = await login('DEMO2', 'Password1', '10.0.1.1')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual({
      status: false,
      code: 'AUTH.RATE_LIMITED',
      msg: 'Too many failed logins for this account. Please try again in 15 minutes or reset your password.',
    })
    // Other accounts are not affected.
    expect((await login('demo1', 'Password1', '10.0.1.1')).statusCode).toBe(200)

    clock.advance(LOGIN_FAILURE_WINDOW_MS - 60_000)
    expect((await login('demo2', 'Password1', '10.0.1.2')).json().msg).toMatch(
      /try again in 1 minutes/,
    )
    clock.advance(60_000)
    const back = await login('demo2', 'Password1', '10.0.1.3')
    expect(back.statusCode, back.body).toBe(200)
  })

  it('limits credential calls per IP with a clear msg, other IPs unaffected', async () => {
    const ip = '192.0.2.77'
    const answers: number[] = []
    for (let i = 0; i < AUTH_CALLS_PER_IP_PER_MINUTE + 1; i++) {
      answers.push((await login(`nobody${i}`, 'WrongPass1', ip)).statusCode)
    }
    expect(answers.slice(0, AUTH_CALLS_PER_IP_PER_MINUTE).every((s) => s === 400)).toBe(true)
    const limited = await login('demo1', 'Password1', ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({ status: false, code: 'AUTH.RATE_LIMITED' })
    expect(limited.json().msg).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/)
    // The same budget covers the OTP calls.
    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/forgotPassword',
      remoteAddress: ip,
      payload: { country_code: '+91', mobile: '9000000001' },
    })
    expect(otp.statusCode).toBe(429)
    expect((await login('demo1', 'Password1', '192.0.2.78')).statusCode).toBe(200)
  })
})
