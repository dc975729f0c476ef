import { messageResponse, otpSentResponse } from '@backlay/contract/auth'
import {
  type ForgotIdentityForm,
  forgotPasswordRequestFromForm,
} from '@backlay/contract/password-reset'
import { api } from '../../../lib/api-client'

/** Shell §4: the OTP goes out by SMS or by WhatsApp; each channel has its own calls (§7). */
export type OtpChannel = 'sms' | 'whatsapp'

const PATHS = {
  sms: {
    send: 'auth/forgotPassword',
    resend: 'auth/resendForgotPasswordOtp',
  },
  whatsapp: {
    send: 'whatsapp/resetPassword',
    resend: 'whatsapp/resendResetPasswordOtp',
  },
} as const

export const sendResetOtp = (channel: OtpChannel, form: ForgotIdentityForm) =>
  api.post(PATHS[channel].send, forgotPasswordRequestFromForm(form), otpSentResponse)

export const resendResetOtp = (channel: OtpChannel, orderId: string) =>
  api.post(PATHS[channel].resend, { orderId }, otpSentResponse)

export interface ResetInput {
  orderId: string
  otp: string
  newPassword: string
  confirmPassword: string
}

/**
 * SMS: one call with OTP and the new password. WhatsApp: verify the OTP, then set the password
 * for the verified order (§7 whatsapp/verifyResetPasswordOtp, whatsapp/setPassword).
 */
export async function resetPassword(channel: OtpChannel, input: ResetInput) {
  if (channel === 'sms') return api.post('auth/verifyforgotPassword', input, messageResponse)
  await api.post(
    'whatsapp/verifyResetPasswordOtp',
    { orderId: input.orderId, otp: input.otp },
    messageResponse,
  )
  const { otp: _otp, ...rest } = input
  return api.post('whatsapp/setPassword', rest, messageResponse)
}
