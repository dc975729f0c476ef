import { otpSentResponse } from '@backlay/contract/auth'
import { TOKEN_EXPIRES_IN_HEADER, TOKEN_HEADER } from '@backlay/contract/token-headers'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callApi, loginAs } from '../../../../test/session-helpers'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('forgot password and the OTP engine', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  const post = (url: string, body: unknown, token?: string) =>
    callApi(t.app, 'POST', `/api/v1/${url}`, { body, ...(token ? { token } : {}) })
  const latestCode = (mobile: string) => t.app.otpOutbox?.forMobile(mobile)[0]?.code ?? ''
  const sendReset = async (body: Record<string, string>, path = 'auth/forgotPassword') => {
    const res = await post(path, body)
    expect(res.statusCode, res.body).toBe(200)
    return otpSentResponse.parse(res.json())
  }
  const waitOut = () => clock.advance(60_000)
  const newPassword = (password: string) => ({ newPassword: password, confirmPassword: password })

  it('sends a 6-digit OTP by mobile, masks the number, and resets the password once', async () => {
    const sent = await sendReset({ country_code: '+91', mobile: '9000000001' })
    expect(sent.mobile).toBe('******0001')
    expect(Date.parse(sent.otp_expiry_time) - clock.now()).toBe(10 * 60_000)
    const code = latestCode('9000000001')
    expect(code).toMatch(/^\d{6}$/)

    const old = await loginAs(t.app, 'demo1', 'Password1')
    const reset = await post('auth/verifyforgotPassword', {
      orderId: sent.data.orderId,
      otp: code,
      ...newPassword('NewPass1'),
    })
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json()).toEqual({ status: true, msg: 'Password reset successful.' })
    const header = String(reset.headers[TOKEN_HEADER])
    expect(header).toMatch(/^Bearer \S+$/)
    expect(Number(reset.headers[TOKEN_EXPIRES_IN_HEADER])).toBe(t.config.JWT_TTL_SECONDS)

    // The new token works, the old session is over, the new password logs in.
    const balanceWith = (token: string) => post('user/getBalanceCRef', {}, token)
    expect((await balanceWith(header.slice(7))).statusCode).toBe(200)
    expect((await balanceWith(old.token)).statusCode).toBe(401)
    await loginAs(t.app, 'demo1', 'NewPass1')

    // Single use: the same code again is refused.
    const again = await post('auth/verifyforgotPassword', {
      orderId: sent.data.orderId,
      otp: code,
      ...newPassword('Other123'),
    })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ status: false, code: 'OTP.USED' })
    waitOut()
  })

  it('sends no new code within 59 seconds, answering as for any name, then resends', async () => {
    const sent = await sendReset({ country_code: '+91', user_name: 'demo2' })
    const first = latestCode('9000000002')
    clock.advance(30_000)
    // The wait is not told: the answer looks like a fresh send, and no second code goes out.
    const fresh = await post('auth/forgotPassword', { country_code: '+91', mobile: '9000000002' })
    expect(fresh.statusCode).toBe(200)
    expect(otpSentResponse.parse(fresh.json())).toMatchObject({
      msg: 'OTP sent to your registered mobile number.',
      mobile: '******0002',
    })
    expect(t.app.otpOutbox?.forMobile('9000000002')).toHaveLength(1)
    const early = await post('auth/resendForgotPasswordOtp', { orderId: sent.data.orderId })
    expect(early.statusCode).toBe(429)
    expect(early.json()).toMatchObject({ status: false, code: 'OTP.RATE_LIMITED' })

    clock.advance(29_000)
    const resent = await post('auth/resendForgotPasswordOtp', { orderId: sent.data.orderId })
    expect(resent.statusCode, resent.body).toBe(200)
    expect(otpSentResponse.parse(resent.json()).data.orderId).toBe(sent.data.orderId)
    const second = latestCode('9000000002')
    expect(t.app.otpOutbox?.forMobile('9000000002')).toHaveLength(2)
    // Only the newest code counts.
    if (first !== second) {
      const stale = await post('auth/verifyforgotPassword', {
        orderId: sent.data.orderId,
        otp: first,
        ...newPassword('NewPass2'),
      })
      expect(stale.json().code).toBe('OTP.WRONG')
    }
    const ok = await post('auth/verifyforgotPassword', {
      orderId: sent.data.orderId,
      otp: second,
      ...newPassword('NewPass2'),
    })
    expect(ok.statusCode, ok.body).toBe(200)
    waitOut()
  })

  it('expires a code after 10 minutes', async () => {
    const sent = await sendReset({ country_code: '+91', mobile: '9000000001' })
    const code = latestCode('9000000001')
    clock.advance(10 * 60_000)
    const res = await post('auth/verifyforgotPassword', {
      orderId: sent.data.orderId,
      otp: code,
      ...newPassword('Late1234'),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      status: false,
      msg: 'OTP has expired. Please request a new OTP.',
      code: 'OTP.EXPIRED',
    })
    waitOut()
  })

  it('ends a challenge after 5 wrong tries, even for the right code', async () => {
    const sent = await sendReset({ country_code: '+91', mobile: '9000000001' })
    const code = latestCode('9000000001')
    const wrong = code === '000000' ? '111111' : '000000'
    const msgs: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await post('auth/verifyforgotPassword', {
        orderId: sent.data.orderId,
        otp: wrong,
        ...newPassword('Guess123'),
      })
      expect(res.statusCode).toBe(400)
      msgs.push(res.json().msg)
    }
    expect(msgs.slice(0, 4)).toEqual([
      'Incorrect OTP. 4 attempts left.',
      'Incorrect OTP. 3 attempts left.',
      'Incorrect OTP. 2 attempts left.',
      'Incorrect OTP. 1 attempt left.',
    ])
    expect(msgs[4]).toMatch(/Too many wrong attempts/)
    const right = await post('auth/verifyforgotPassword', {
      orderId: sent.data.orderId,
      otp: code,
      ...newPassword('Guess123'),
    })
    expect(right.json().code).toBe('OTP.TOO_MANY_TRIES')
    clock.advance(60_000)
    const resend = await post('auth/resendForgotPasswordOtp', { orderId: sent.data.orderId })
    expect(resend.json().code).toBe('OTP.TOO_MANY_TRIES')
    waitOut()
  })

  it('answers an unknown account like a known one, and its challenge never verifies', async () => {
    const sent = await sendReset({ country_code: '+91', user_name: 'nobody-here' })
    expect(sent.mobile).toMatch(/^\*{6}\d{4}$/)
    const sentByMobile = await sendReset({ country_code: '+91', mobile: '9123456789' })
    expect(sentByMobile.mobile).toBe('******6789')
    expect(t.app.otpOutbox?.forMobile('9123456789')).toEqual([])
    const res = await post('auth/verifyforgotPassword', {
      orderId: sentByMobile.data.orderId,
      otp: '123456',
      ...newPassword('Guess123'),
    })
    expect(res.json().code).toBe('OTP.WRONG')
  })

  it.each([
    [{ country_code: '+91', mobile: '' }, MSG.phoneRequired],
    [{ country_code: '+91', mobile: '98x' }, MSG.phoneDigitsOnly],
    [{ country_code: '+91', mobile: '98765' }, 'Phone Number must be 10 digits'],
    [{ country_code: '', mobile: '9876543210' }, MSG.countryRequired],
    [{ country_code: '+91', user_name: 'ab' }, MSG.forgotUserIdMin],
    [{ country_code: '+91' }, MSG.mobileOrUserName],
  ])('validates forgotPassword %j: %s', async (body, msg) => {
    const res = await post('auth/forgotPassword', body)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: false, code: 'REQUEST.INVALID' })
    expect(res.json().msg).toContain(msg)
  })

  it.each([
    [{ otp: '' }, MSG.otpRequired],
    [{ otp: '12345' }, MSG.otpLength],
    [{ otp: '12a456' }, MSG.otpLength],
    [{ confirmPassword: '' }, MSG.fieldRequired],
    [{ confirmPassword: 'Different1' }, MSG.passwordMismatch],
    [{ newPassword: 'abc', confirmPassword: 'abc' }, MSG.registerPasswordMin],
  ])('validates verifyforgotPassword %j: %s', async (change, msg) => {
    const res = await post('auth/verifyforgotPassword', {
      orderId: 'x',
      otp: '123456',
      ...newPassword('Valid123'),
      ...change,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain(msg)
  })

  it('runs the WhatsApp reset step by step on the same engine', async () => {
    const sent = await sendReset(
      { country_code: '+91', mobile: '9000000002' },
      'whatsapp/resetPassword',
    )
    const message = t.app.otpOutbox?.forMobile('9000000002')[0]
    expect(message?.channel).toBe('whatsapp')
    const early = await post('whatsapp/setPassword', {
      orderId: sent.data.orderId,
      ...newPassword('WaPass12'),
    })
    expect(early.json()).toMatchObject({ status: false, code: 'OTP.NOT_VERIFIED' })
    const verified = await post('whatsapp/verifyResetPasswordOtp', {
      orderId: sent.data.orderId,
      otp: message?.code,
    })
    expect(verified.statusCode, verified.body).toBe(200)
    const set = await post('whatsapp/setPassword', {
      orderId: sent.data.orderId,
      ...newPassword('WaPass12'),
    })
    expect(set.statusCode, set.body).toBe(200)
    expect(String(set.headers[TOKEN_HEADER])).toMatch(/^Bearer /)
    await loginAs(t.app, 'demo2', 'WaPass12')
    const twice = await post('whatsapp/setPassword', {
      orderId: sent.data.orderId,
      ...newPassword('WaPass13'),
    })
    expect(twice.json().code).toBe('OTP.USED')
    waitOut()
    const resend = await post('whatsapp/resendResetPasswordOtp', { orderId: sent.data.orderId })
    expect(resend.json().code).toBe('OTP.USED')
  })

  it('reads the dev outbox over HTTP with DEV_TOOLS=1 outside production', async () => {
    const res = await callApi(t.app, 'GET', '/api/v1/dev/otp-outbox?mobile=9000000002')
    expect(res.statusCode).toBe(200)
    expect(res.json().data[0]).toMatchObject({ mobile: '9000000002', channel: 'whatsapp' })
  })
})

describe('dev outbox in production', () => {
  it('is not served even with DEV_TOOLS=1', async () => {
    const t = await buildTestApp({ env: { FEED: 'off', NODE_ENV: 'production', DEV_TOOLS: '1' } })
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v1/dev/otp-outbox?mobile=9000000001',
      })
      expect(res.statusCode).toBe(404)
      expect(t.app.otpOutbox).toBeNull()
    } finally {
      await t.close()
    }
    // Boots a whole second app inside the test.
  }, 120_000)
})
