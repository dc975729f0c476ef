import { z } from 'zod'
import {
  confirmMatches,
  confirmPassword,
  countryCode,
  forgotUserName,
  newPassword,
  orderId,
  otp,
  phoneLengthRule,
  phoneNumber,
} from './auth-fields'
import { MSG } from './validation-messages'

/**
 * Forgot-password (SMS and WhatsApp) and change-password calls of shell §7. Sending answers
 * `otpSentResponse`, resending takes `otpResendRequest` (both in ./auth); the other calls
 * answer `messageResponse` (./auth) or `failure`.
 */

/** Forgot tab, step 1: who to send the OTP to (by mobile, or by user id of at least 3). */
export const forgotIdentityForm = z.discriminatedUnion('mode', [
  z
    .object({ mode: z.literal('mobile'), country_code: countryCode, mobile: phoneNumber })
    .check(phoneLengthRule),
  z.object({ mode: z.literal('userId'), country_code: countryCode, user_name: forgotUserName }),
])
export type ForgotIdentityForm = z.infer<typeof forgotIdentityForm>

/** Forgot tab, step 2 (fields enabled once the OTP is sent). */
export const forgotResetForm = z
  .object({ otp, newPassword, confirmPassword })
  .check(confirmMatches('newPassword'))
export type ForgotResetForm = z.infer<typeof forgotResetForm>

/**
 * POST /auth/forgotPassword and POST whatsapp/resetPassword: country_code plus exactly one of
 * mobile or user_name → otpSentResponse. Not shown: unknown accounts get the same answer shape
 * with a masked dummy so the call cannot be used to discover accounts.
 */
export const forgotPasswordRequest = z
  .strictObject({
    country_code: countryCode,
    mobile: phoneNumber.optional(),
    user_name: forgotUserName.optional(),
  })
  .check(phoneLengthRule)
  .refine((v) => (v.mobile === undefined) !== (v.user_name === undefined), {
    message: MSG.mobileOrUserName,
    path: ['mobile'],
  })
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>

/** forgotPasswordRequestFromForm({ mode: 'userId', country_code: '+91', user_name: 'ravi' }) → { country_code, user_name } */
export const forgotPasswordRequestFromForm = (form: ForgotIdentityForm): ForgotPasswordRequest =>
  form.mode === 'mobile'
    ? { country_code: form.country_code, mobile: form.mobile }
    : { country_code: form.country_code, user_name: form.user_name }

// Not shown: the SMS resend path; ours is POST /auth/resendForgotPasswordOtp `{ orderId }` → otpSentResponse.

/**
 * POST /auth/verifyforgotPassword: the OTP and the new password in one call (the tab shows all
 * three fields together) → messageResponse, and a new session token in TOKEN_HEADER.
 */
export const verifyForgotPasswordRequest = z
  .strictObject({ orderId, otp, newPassword, confirmPassword })
  .check(confirmMatches('newPassword'))
export type VerifyForgotPasswordRequest = z.infer<typeof verifyForgotPasswordRequest>

/**
 * WhatsApp variant in steps: whatsapp/resendResetPasswordOtp `{ orderId }`,
 * whatsapp/verifyResetPasswordOtp `otpVerifyRequest` (./auth), then whatsapp/setPassword
 * below, which only succeeds for a verified orderId and answers like verifyforgotPassword.
 */
export const setPasswordRequest = z
  .strictObject({ orderId, newPassword, confirmPassword })
  .check(confirmMatches('newPassword'))
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>

/**
 * POST user/selfChangePassword (fields not shown: old, new, confirm) → messageResponse. The
 * current session stays; every other session of the user is ended.
 */
export const changePasswordRequest = z
  .strictObject({
    oldPassword: z.string().min(1, MSG.fieldRequired),
    newPassword,
    confirmPassword,
  })
  .check(confirmMatches('newPassword'))
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>
