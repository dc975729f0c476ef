import { LOGIN_BASIC_AUTHORIZATION } from '@backlay/contract/auth'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, loginAs } from '../test/session-helpers'
import { type DefaultStartApp, startAsDefault } from './default-start'

describe('accounts and roles against an outside tester (default start)', () => {
  let s: DefaultStartApp
  beforeAll(async () => {
    s = await startAsDefault()
  })
  afterAll(() => s.close())

  const post = (url: string, body: unknown, token?: string) =>
    callApi(s.app, 'POST', `/api/v1/${url}`, { body, ...(token ? { token } : {}) })
  const operatorToken = async () => {
    const res = await post('admin/login', { userName: 'operator1', password: 'Password1' })
    expect(res.statusCode, res.body).toBe(200)
    return res.json().data.token as string
  }

  it('never hands a reset code over HTTP: no dev routes, the password stays', async () => {
    const asked = await post('auth/forgotPassword', { country_code: '+91', user_name: 'demo2' })
    expect(asked.statusCode).toBe(200)
    for (const path of ['/api/v1/dev/otp-outbox?mobile=9000000002', '/api/v1/dev/otp-outbox']) {
      expect((await callApi(s.app, 'GET', path)).statusCode).toBe(404)
    }
    await loginAs(s.app, 'demo2', 'Password1')
  })

  it('answers forgotPassword alike for a known name, the same name again and an unknown name', async () => {
    const shape = async (user_name: string) => {
      const res = await post('auth/forgotPassword', { country_code: '+91', user_name })
      const body = res.json()
      return { status: res.statusCode, msg: body.msg, masked: /^\*{6}\d{4}$/.test(body.mobile) }
    }
    const known = await shape('demo1')
    expect(known).toEqual({
      status: 200,
      msg: 'OTP sent to your registered mobile number.',
      masked: true,
    })
    expect(await shape('demo1')).toEqual(known)
    expect(await shape('nobody-by-this-name')).toEqual(known)
  })

  it('refuses an operator token on every player call it tried: 403, nothing placed', async () => {
    const token = await operatorToken()
    const balance = await post('user/getBalanceCRef', {}, token)
    expect(balance.statusCode).toBe(403)
    const bet = await post(
      'bet/saveBet',
      { is_back: 1, market_id: '1.1', odds: 2, selection_id: 1, stack: 100 },
      token,
    )
    expect(bet.statusCode).toBe(403)
    expect(bet.json()).toMatchObject({ status: false, msg: 'This call is for players only.' })
    const operator = await s.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'operator1')
      .executeTakeFirstOrThrow()
    const rows = await s.app.db
      .selectFrom('bet_orders')
      .select('id')
      .where('user_id', '=', operator.id)
      .execute()
    expect(rows).toHaveLength(0)
  })

  it('still refuses players on admin calls (403)', async () => {
    const { token } = await loginAs(s.app, 'demo1', 'Password1')
    const res = await callApi(s.app, 'GET', '/api/v1/admin/players', { token })
    expect(res.statusCode).toBe(403)
  })

  it('still refuses forged, alg-none, expired and logged-out tokens (401)', async () => {
    const { token } = await loginAs(s.app, 'demo1', 'Password1')
    const [header, payload] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString())
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('dev-secret-guess-dev-secret-guess-0000'))
    const expired = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.${token.split('.')[2]}`
    for (const bad of [none, forged, expired]) {
      expect((await post('user/getBalanceCRef', {}, bad)).statusCode).toBe(401)
    }
    expect((await post('user/logout', {}, token)).statusCode).toBe(200)
    expect((await post('user/getBalanceCRef', {}, token)).statusCode).toBe(401)
  })

  it('still sends security headers, refuses foreign origins and large bodies', async () => {
    const home = await callApi(s.app, 'GET', '/api/v1/server-time', {
      headers: { origin: 'https://evil.example' },
    })
    expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    expect(home.headers['access-control-allow-origin']).toBeUndefined()
    const big = await s.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        authorization: LOGIN_BASIC_AUTHORIZATION,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `user_name=${'a'.repeat(2 * 1024 * 1024)}&password=x&grant_type=password`,
    })
    expect(big.statusCode).toBe(413)
  })

  it('answers SQL and prototype-pollution strings as bad input, never 500', async () => {
    for (const name of [
      "' OR 1=1 --",
      '__proto__',
      'constructor',
      "demo1'; DROP TABLE users; --",
    ]) {
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/v1/user/userLogin',
        headers: {
          authorization: LOGIN_BASIC_AUTHORIZATION,
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({
          user_name: name,
          password: 'x',
          grant_type: 'password',
        }).toString(),
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(400)
      expect(res.statusCode).toBeLessThan(500)
    }
    await loginAs(s.app, 'demo1', 'Password1')
  })

  it('serves a stored script only as JSON text, under a CSP without inline scripts', async () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    await s.app.db
      .updateTable('users')
      .set({ name: payload })
      .where('user_name', '=', 'demo1')
      .execute()
    const { body } = await loginAs(s.app, 'demo1', 'Password1')
    expect(body.data.name).toBe(payload)
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        authorization: LOGIN_BASIC_AUTHORIZATION,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        user_name: 'demo1',
        password: 'Password1',
        grant_type: 'password',
      }).toString(),
    })
    expect(login.headers['content-type']).toMatch(/^application\/json/)
    const csp = String(login.headers['content-security-policy'])
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc).not.toContain("'unsafe-inline'")
    expect(csp).toContain("object-src 'none'")
  })
})
