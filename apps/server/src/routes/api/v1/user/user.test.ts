import { demoLoginResponse, LOGIN_BASIC_AUTHORIZATION, loginResponse } from '@backlay/contract/auth'
import { balanceResponse } from '@backlay/contract/balance'
import { DEFAULT_STAKE_PRESETS } from '@backlay/contract/limits'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usersRepository } from '../../../../db/repositories/users'
import { callApi, loginAs } from '../../../../test/session-helpers'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'
import { DEMO_CREDIT } from '../../../../use-cases/demo-login'

describe('user session calls', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      clock: manualClock('2026-11-23T10:00:00Z'),
      env: { FEED: 'off' },
    })
  })
  afterAll(() => t.close())

  const loginWith = (
    form: Record<string, string>,
    authorization: string | null = LOGIN_BASIC_AUTHORIZATION,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(authorization ? { authorization } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    })
  const login = (user_name: string, password: string) =>
    loginWith({ user_name, password, grant_type: 'password' })
  const call = (path: string, token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${path}`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    })
  const tokenOf = async (user_name: string, password: string) => {
    const res = await login(user_name, password)
    expect(res.statusCode).toBe(200)
    return loginResponse.parse(res.json())
  }

  it('logs demo1 in with the contract shape, and the token reads the seeded balance', async () => {
    const body = await tokenOf('demo1', 'Password1')
    expect(body.data).toMatchObject({ user_name: 'demo1', is_telegram_enable: 0, isB2C: false })
    expect(body.operatorId).toBe(body.data.operatorId)
    expect(body.operatorId).not.toBe('')
    expect(body.data.access_token).toBe(body.token?.accessToken)
    expect(body.token?.expiresIn).toBe(86_400)
    // The seed stores no settings: the defaults fill the §3 shape.
    expect(body.data.settings.presetStakeSettings.settings).toEqual([...DEFAULT_STAKE_PRESETS])
    const balance = await call('getBalanceCRef', body.token?.accessToken ?? '')
    expect(balance.statusCode).toBe(200)
    expect(balanceResponse.parse(balance.json()).data).toEqual({ balance: 100000, liability: 0 })
  })

  it('logs in by mobile: country code and number as user_name', async () => {
    const body = await tokenOf('+919000000002', 'Password1')
    expect(body.data.user_name).toBe('demo2')
  })

  it('forces one-click betting off at login and saves it', async () => {
    const users = usersRepository(t.app.db)
    const demo1 = await users.findByUserName('localhost', 'demo1')
    if (!demo1) throw new Error('seed missing demo1')
    await users.updateSettings(demo1.id, {
      oneClickSettings: { active: true, selected: 1, settings: [100, 200, 500] },
    })
    const body = await tokenOf('demo1', 'Password1')
    expect(body.data.settings.oneClickSettings).toEqual({
      active: false,
      selected: 1,
      settings: [100, 200, 500],
    })
    const stored = await users.findById(demo1.id)
    expect(stored?.settings).toMatchObject({ oneClickSettings: { active: false } })
  })

  it.each([
    ['demo1', 'WrongPass1'],
    ['nobody-here', 'Password1'],
    ['+919999999999', 'Password1'],
  ])('answers %s / %s with the same status:false and msg', async (user_name, password) => {
    const res = await login(user_name, password)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      status: false,
      msg: 'Invalid user id or password.',
      code: 'AUTH.INVALID_CREDENTIALS',
    })
  })

  it.each([
    ['missing', null],
    ['wrong', 'Basic d3Jvbmc6Y2xpZW50'],
  ])('refuses a %s Basic client credential with 401', async (_, authorization) => {
    const res = await loginWith(
      { user_name: 'demo1', password: 'Password1', grant_type: 'password' },
      authorization,
    )
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ status: false, code: 'AUTH.UNAUTHORIZED' })
    expect(res.json().msg).toMatch(/authorization/)
  })

  const basic = (credential: string) => `Basic ${Buffer.from(credential).toString('base64')}`
  const demoLogin = { user_name: 'demo1', password: 'Password1', grant_type: 'password' }

  it("accepts the API family's own client credential application:secret by default", async () => {
    const res = await loginWith(demoLogin, basic('application:secret'))
    expect(res.statusCode).toBe(200)
    expect(loginResponse.parse(res.json()).token?.accessToken).toBeTruthy()
  })

  it('accepts only the clients a brand lists once it lists its own', async () => {
    const brand = await t.app.db
      .selectFrom('brands')
      .select(['id', 'config'])
      .where('id', '=', 'localhost')
      .executeTakeFirstOrThrow()
    const setClients = (config: Record<string, unknown>) =>
      t.app.db
        .updateTable('brands')
        .set({ config: JSON.stringify(config) })
        .where('id', '=', brand.id)
        .execute()
    await setClients({ ...brand.config, loginClients: [{ id: 'lotus-app', secret: 's3cret' }] })
    try {
      expect((await loginWith(demoLogin, basic('lotus-app:s3cret'))).statusCode).toBe(200)
      expect((await loginWith(demoLogin, basic('application:secret'))).statusCode).toBe(401)
      expect((await loginWith(demoLogin, basic('lotus-app:wrong'))).statusCode).toBe(401)
    } finally {
      await setClients(brand.config)
    }
  })

  it.each([
    [{ user_name: '  ', password: 'Password1', grant_type: 'password' }, MSG.userIdRequired],
    [{ user_name: 'demo1', password: 'abcd', grant_type: 'password' }, MSG.loginPasswordMin],
    [{ user_name: 'demo1', password: 'a'.repeat(17), grant_type: 'password' }, MSG.passwordMax],
    [
      { user_name: 'demo1', password: 'Password1', grant_type: 'token' },
      "grant_type must be 'password'",
    ],
  ])('validates %j with the contract message', async (form, msg) => {
    const res = await loginWith(form)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: false, code: 'REQUEST.INVALID' })
    expect(res.json().msg).toContain(msg)
  })

  it('refuses a locked user with 403, and their open session too', async () => {
    const body = await tokenOf('demo2', 'Password1')
    await t.app.db
      .updateTable('users')
      .set({ locked: true })
      .where('user_name', '=', 'demo2')
      .execute()
    try {
      const res = await login('demo2', 'Password1')
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ status: false, code: 'AUTH.LOCKED' })
      const balance = await call('getBalanceCRef', body.token?.accessToken ?? '')
      expect(balance.statusCode).toBe(403)
    } finally {
      await t.app.db
        .updateTable('users')
        .set({ locked: false })
        .where('user_name', '=', 'demo2')
        .execute()
    }
  })

  it('creates a demo user whose credentials log in to demo credit only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/autoDemoUserLogin' })
    expect(res.statusCode).toBe(200)
    const { data } = demoLoginResponse.parse(res.json())
    const body = await tokenOf(data.user_name, data.password)
    expect(body.data.is_demo).toBe(true)
    const balance = await call('getBalanceCRef', body.token?.accessToken ?? '')
    expect(balanceResponse.parse(balance.json()).data).toEqual({
      balance: DEMO_CREDIT / 100,
      liability: 0,
    })
    const accounts = await t.app.db
      .selectFrom('ledger_accounts')
      .select(['book', 'balance'])
      .where('owner_user_id', '=', body.data._id)
      .execute()
    expect(accounts).toEqual([{ book: 'demo', balance: DEMO_CREDIT }])
  })

  it('logout revokes the session: the same token then gets 401', async () => {
    const body = await tokenOf('demo1', 'Password1')
    const token = body.token?.accessToken ?? ''
    const out = await call('logout', token)
    expect(out.statusCode).toBe(200)
    expect(out.json()).toEqual({ status: true, msg: 'Logged out.' })
    const after = await call('getBalanceCRef', token)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toMatchObject({ status: false, code: 'AUTH.UNAUTHORIZED', logout: true })
    const again = await tokenOf('demo1', 'Password1')
    expect((await call('getBalanceCRef', again.token?.accessToken ?? '')).statusCode).toBe(200)
  })

  it('answers 401 on the protected calls without a token', async () => {
    for (const path of ['getBalanceCRef', 'logout']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/user/${path}` })
      expect(res.statusCode).toBe(401)
      expect(res.json().msg).toMatch(/log in/)
    }
  })

  const selfChange = (body: unknown, token: string) =>
    callApi(t.app, 'POST', '/api/v1/user/selfChangePassword', { body, token })
  it('changes the password, keeping the calling session and ending the others', async () => {
    const a = await loginAs(t.app, 'demo2', 'Password1')
    const b = await loginAs(t.app, 'demo2', 'Password1')
    const wrong = await selfChange(
      { oldPassword: 'nope', newPassword: 'Changed1', confirmPassword: 'Changed1' },
      a.token,
    )
    expect(wrong.json()).toMatchObject({ status: false, msg: 'Old password is incorrect.' })
    const mismatch = await selfChange(
      { oldPassword: 'Password1', newPassword: 'Changed1', confirmPassword: 'Changed2' },
      a.token,
    )
    expect(mismatch.json().msg).toContain(MSG.passwordMismatch)
    const ok = await selfChange(
      { oldPassword: 'Password1', newPassword: 'Changed1', confirmPassword: 'Changed1' },
      a.token,
    )
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await call('getBalanceCRef', a.token)).statusCode).toBe(200)
    expect((await call('getBalanceCRef', b.token)).statusCode).toBe(401)
    await loginAs(t.app, 'demo2', 'Changed1')
  })
})
