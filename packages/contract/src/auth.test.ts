import { describe, expect, it } from 'vitest'
import {
  demoLoginResponse,
  LOGIN_BASIC_AUTHORIZATION,
  LOGIN_CLIENT_ID,
  loginForm,
  loginRequest,
  loginRequestFromForm,
  loginResponse,
  otpSentResponse,
  registerForm,
  registerRequest,
  registerRequestFromForm,
  socialLoginResponse,
} from './auth'
import { isPhoneComplete } from './auth-fields'
import { aUser, msg } from './test-fixtures'

/** Messages per field path, as react-hook-form would show them. */
const errors = (r: {
  success: boolean
  error?: { issues: { path: PropertyKey[]; message: string }[] }
}) =>
  Object.fromEntries((r.error?.issues ?? []).reverse().map((i) => [i.path.join('.'), i.message]))

const mobileLogin = {
  mode: 'mobile',
  country_code: '+91',
  mobile: '9876543210',
  password: 'secret1',
}

describe('login form', () => {
  it('user id mode requires the id', () => {
    expect(
      errors(loginForm.safeParse({ mode: 'userId', user_name: ' ', password: 'secret' })),
    ).toEqual({
      user_name: 'User ID is required',
    })
  })
  it('password under 5, including empty, gets the spec message', () => {
    for (const password of ['', 'abcd'])
      expect(errors(loginForm.safeParse({ ...mobileLogin, password }))).toEqual({
        password: 'Password must be at least 5 characters',
      })
  })
  it('phone rules in order: required, digits only, length by country', () => {
    expect(errors(loginForm.safeParse({ ...mobileLogin, mobile: '' })).mobile).toBe(
      'Phone Number is required',
    )
    expect(errors(loginForm.safeParse({ ...mobileLogin, mobile: '98765x3210' })).mobile).toBe(
      'Phone Number must only contain digits',
    )
    for (const country_code of ['+91', '+971', '+880', '+1', '+92', '+44', '+977'])
      expect(
        errors(loginForm.safeParse({ ...mobileLogin, country_code, mobile: '98765' })).mobile,
      ).toBe('Phone Number must be 10 digits')
  })
  it('country is required', () => {
    expect(errors(loginForm.safeParse({ ...mobileLogin, country_code: '' })).country_code).toBe(
      'Country is required',
    )
  })
  it('a mobile login sends country code and number as user_name', () => {
    const form = loginForm.parse(mobileLogin)
    expect(loginRequestFromForm(form)).toEqual({
      user_name: '+919876543210',
      password: 'secret1',
      grant_type: 'password',
    })
  })
})

describe('login request', () => {
  it('accepts the form-encoded triple and rejects unknown fields by name', () => {
    expect(
      loginRequest.parse({ user_name: 'ravi', password: 'secret', grant_type: 'password' }),
    ).toBeTruthy()
    const r = loginRequest.safeParse({
      user_name: 'ravi',
      password: 'secret',
      grant_type: 'password',
      x: 1,
    })
    expect(msg(r)).toBe('Unknown field: x')
  })
  it('rejects another grant type and passwords over 16', () => {
    const g = loginRequest.safeParse({
      user_name: 'ravi',
      password: 'secret',
      grant_type: 'client',
    })
    expect(msg(g)).toBe("grant_type must be 'password'")
    const p = loginRequest.safeParse({
      user_name: 'ravi',
      password: 'x'.repeat(17),
      grant_type: 'password',
    })
    expect(msg(p)).toBe('Password must be at most 16 characters')
  })
  it('the Basic credential decodes to the public client id', () => {
    const decoded = atobCompat(LOGIN_BASIC_AUTHORIZATION.replace('Basic ', ''))
    expect(decoded).toBe(`${LOGIN_CLIENT_ID}:public`)
  })
  it('parses a login response with token and a telegram one without', () => {
    const data = { ...aUser, is_telegram_enable: 0, access_token: 'jwt' }
    const withToken = { status: true, msg: 'Login successful', data, operatorId: 'op1' }
    expect(
      loginResponse.parse({ ...withToken, token: { accessToken: 'jwt', expiresIn: 3600 } }).token
        ?.accessToken,
    ).toBe('jwt')
    const telegram = loginResponse.parse({
      ...withToken,
      data: { ...aUser, is_telegram_enable: 1 },
    })
    expect(telegram.token).toBeUndefined()
  })
  it('parses demo credentials and a social login result', () => {
    expect(
      demoLoginResponse.parse({ status: true, data: { user_name: 'demo12', password: 'x1y2z3' } })
        .data.user_name,
    ).toBe('demo12')
    expect(
      socialLoginResponse.parse({ success: true, result: aUser }).result?.settings.oneClickSettings
        .active,
    ).toBe(false)
  })
})

const register = {
  user_name: 'ravi_k',
  country_code: '+91',
  mobile: '9876543210',
  password: 'secret',
  confirmPassword: 'secret',
}

describe('register form', () => {
  it('required texts', () => {
    expect(errors(registerForm.safeParse({ ...register, user_name: '' })).user_name).toBe(
      'Username is required',
    )
    expect(errors(registerForm.safeParse({ ...register, country_code: '' })).country_code).toBe(
      'Country is required',
    )
    expect(
      errors(registerForm.safeParse({ ...register, confirmPassword: '' })).confirmPassword,
    ).toBe('This field is required')
  })
  it('password at least 6, confirm equal', () => {
    expect(
      errors(registerForm.safeParse({ ...register, password: 'abcde', confirmPassword: 'abcde' }))
        .password,
    ).toBe('Must be at least 6 characters')
    expect(
      errors(registerForm.safeParse({ ...register, confirmPassword: 'secreT' })).confirmPassword,
    ).toBe('Password does not match.')
  })
  it('shows the mismatch and the phone length together with an empty username', () => {
    const result = errors(
      registerForm.safeParse({ ...register, user_name: '', confirmPassword: 'secreT' }),
    )
    expect(result.user_name).toBe('Username is required')
    expect(result.confirmPassword).toBe('Password does not match.')
    expect(
      errors(registerForm.safeParse({ ...register, user_name: '', mobile: '98765' })).mobile,
    ).toBe('Phone Number must be 10 digits')
  })
  it('strength hints are not enforced: a lowercase 6-letter password passes', () => {
    expect(registerForm.safeParse(register).success).toBe(true)
  })
  it('password fields unlock only at full phone length', () => {
    expect(isPhoneComplete('+91', '987654321')).toBe(false)
    expect(isPhoneComplete('+91', '9876543210')).toBe(true)
  })
  it('maps to the spec payload: name, lowercased refer_code, mobile omitted when empty', () => {
    const form = registerForm.parse({ ...register, refer_code: 'FRIEND50' })
    const body = registerRequestFromForm(form)
    expect(body).toEqual({
      name: 'ravi_k',
      user_name: 'ravi_k',
      mobile: '9876543210',
      password: 'secret',
      country_code: '+91',
      refer_code: 'friend50',
    })
    expect(registerRequest.parse(body)).toEqual(body)
    const { mobile: _, ...noMobile } = body
    expect(registerRequest.parse({ ...noMobile, refer_code: 'ABC' }).refer_code).toBe('abc')
  })
  it('the server rejects a wrong-length phone with the spec message', () => {
    const r = registerRequest.safeParse({
      ...registerRequestFromForm(registerForm.parse(register)),
      mobile: '12345',
    })
    expect(msg(r)).toBe('Phone Number must be 10 digits')
  })
})

describe('otp sent', () => {
  it('parses the forgot-password answer shape', () => {
    const r = otpSentResponse.parse({
      status: true,
      msg: 'OTP sent',
      mobile: '******3210',
      data: { orderId: 'o-1' },
      otp_expiry_time: '2026-11-23T10:00:00Z',
    })
    expect(r.data.orderId).toBe('o-1')
  })
})

function atobCompat(b64: string): string {
  return (globalThis as unknown as { atob: (s: string) => string }).atob(b64)
}
