import { loginResponse, otpSentResponse } from '@backlay/contract/auth'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandsRepository } from '../../../../db/repositories/brands'
import { callApi } from '../../../../test/session-helpers'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('phone sign-up by OTP', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  const post = (url: string, body: unknown, host?: string) =>
    callApi(t.app, 'POST', `/api/v1/${url}`, { body, ...(host ? { headers: { host } } : {}) })
  const codeFor = (mobile: string) => t.app.otpOutbox?.forMobile(mobile)[0]?.code ?? ''

  it('creates the account by WhatsApp OTP and logs it in; the SMS channel finds it again', async () => {
    const sent = otpSentResponse.parse(
      (await post('whatsapp/send-code', { country_code: '+91', mobile: '9876500001' })).json(),
    )
    expect(t.app.otpOutbox?.forMobile('9876500001')[0]?.channel).toBe('whatsapp')
    const verified = await post('whatsapp/verify', {
      orderId: sent.data.orderId,
      otp: codeFor('9876500001'),
    })
    expect(verified.statusCode, verified.body).toBe(200)
    const first = loginResponse.parse(verified.json())
    expect(first.data).toMatchObject({
      user_name: 'p919876500001',
      mobile: '9876500001',
      isB2C: true,
    })
    expect(first.data.settings.oneClickSettings.active).toBe(false)
    const balance = await callApi(t.app, 'POST', '/api/v1/user/getBalanceCRef', {
      token: first.token?.accessToken ?? '',
      body: {},
    })
    expect(balance.json().data).toEqual({ balance: 0, liability: 0 })

    clock.advance(60_000)
    const sms = otpSentResponse.parse(
      (await post('createUserOtp', { country_code: '+91', mobile: '9876500001' })).json(),
    )
    expect(t.app.otpOutbox?.forMobile('9876500001')[0]?.channel).toBe('sms')
    clock.advance(59_000)
    const resent = await post('whatsapp/re-send', { orderId: sms.data.orderId })
    expect(resent.statusCode, resent.body).toBe(200)
    const again = await post('whatsapp/verify', {
      orderId: sms.data.orderId,
      otp: codeFor('9876500001'),
    })
    expect(loginResponse.parse(again.json()).data._id).toBe(first.data._id)
  })

  it.each([
    [{ country_code: '+91', mobile: '' }, MSG.phoneRequired],
    [{ country_code: '+91', mobile: '12ab' }, MSG.phoneDigitsOnly],
    [{ country_code: '+971', mobile: '12345' }, 'Phone Number must be 10 digits'],
  ])('validates %j', async (body, msg) => {
    const res = await post('whatsapp/send-code', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().msg).toContain(msg)
  })

  it('does not create accounts where the brand has sign-up off', async () => {
    await brandsRepository(t.app.db).ensure({
      id: 'shut',
      host: 'shut.example',
      name: 'Shut',
      isDefault: false,
      config: {},
    })
    const sent = otpSentResponse.parse(
      (
        await post('createUserOtp', { country_code: '+91', mobile: '9876500002' }, 'shut.example')
      ).json(),
    )
    const res = await post(
      'whatsapp/verify',
      { orderId: sent.data.orderId, otp: codeFor('9876500002') },
      'shut.example',
    )
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe('Sign-up is not available on this site.')
  })

  it('tells that social sign-in is not configured', async () => {
    const res = await post('auth/glogin', { credential: 'x' })
    expect(res.statusCode).toBe(403)
    expect(res.json().msg).toBe('Google sign-in is not available on this site.')
  })
})
