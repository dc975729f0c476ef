import { describe, expect, it } from 'vitest'
import {
  changePasswordRequest,
  forgotIdentityForm,
  forgotPasswordRequest,
  forgotPasswordRequestFromForm,
  forgotResetForm,
  verifyForgotPasswordRequest,
} from './password-reset'
import { msg } from './test-fixtures'

describe('forgot password form', () => {
  it('needs at least 3 characters of user id to send the OTP', () => {
    expect(
      msg(forgotIdentityForm.safeParse({ mode: 'userId', country_code: '+91', user_name: 'ra' })),
    ).toBe('User ID must be at least 3 characters')
    const ok = forgotIdentityForm.parse({ mode: 'userId', country_code: '+91', user_name: 'ravi' })
    expect(forgotPasswordRequestFromForm(ok)).toEqual({ country_code: '+91', user_name: 'ravi' })
  })
  it('checks the phone like login', () => {
    expect(
      msg(forgotIdentityForm.safeParse({ mode: 'mobile', country_code: '+44', mobile: '12345' })),
    ).toBe('Phone Number must be 10 digits')
  })
  it('OTP: required, then exactly 6 digits', () => {
    const base = { newPassword: 'secret', confirmPassword: 'secret' }
    expect(msg(forgotResetForm.safeParse({ ...base, otp: '' }))).toBe('Otp Required')
    expect(msg(forgotResetForm.safeParse({ ...base, otp: '12345' }))).toBe(
      'Otp must be 6 digits long',
    )
    expect(msg(forgotResetForm.safeParse({ ...base, otp: '12345a' }))).toBe(
      'Otp must be 6 digits long',
    )
    expect(forgotResetForm.safeParse({ ...base, otp: '123456' }).success).toBe(true)
  })
  it('new password rules match registration', () => {
    expect(
      msg(forgotResetForm.safeParse({ otp: '123456', newPassword: 'abc', confirmPassword: 'abc' })),
    ).toBe('Must be at least 6 characters')
    expect(
      msg(
        forgotResetForm.safeParse({ otp: '123456', newPassword: 'secret', confirmPassword: 'x' }),
      ),
    ).toBe('Password does not match.')
  })
})

describe('forgot password requests', () => {
  it('take country_code with exactly one of mobile and user_name', () => {
    expect(
      forgotPasswordRequest.safeParse({ country_code: '+91', mobile: '9876543210' }).success,
    ).toBe(true)
    expect(msg(forgotPasswordRequest.safeParse({ country_code: '+91' }))).toBe(
      'Send either mobile or user_name',
    )
    expect(
      msg(
        forgotPasswordRequest.safeParse({
          country_code: '+91',
          mobile: '9876543210',
          user_name: 'ravi',
        }),
      ),
    ).toBe('Send either mobile or user_name')
  })
  it('refuse a body that is not an object instead of throwing', () => {
    for (const body of [null, 7, 'mobile', []]) {
      expect(forgotPasswordRequest.safeParse(body).success).toBe(false)
      expect(verifyForgotPasswordRequest.safeParse(body).success).toBe(false)
    }
  })
  it('verify carries orderId, otp, newPassword, confirmPassword and nothing else', () => {
    const body = { orderId: 'o-1', otp: '123456', newPassword: 'secret', confirmPassword: 'secret' }
    expect(verifyForgotPasswordRequest.parse(body)).toEqual(body)
    expect(msg(verifyForgotPasswordRequest.safeParse({ ...body, admin: true }))).toBe(
      'Unknown field: admin',
    )
  })
  it('change password needs the old one', () => {
    expect(
      msg(
        changePasswordRequest.safeParse({
          oldPassword: '',
          newPassword: 'secret',
          confirmPassword: 'secret',
        }),
      ),
    ).toBe('This field is required')
  })
})
