import { z } from 'zod'
import {
  confirmMatches,
  confirmPassword,
  countryCode,
  loginPassword,
  loginUserName,
  newPassword,
  orderId,
  otp,
  phoneLengthRule,
  phoneNumber,
  username,
} from './auth-fields'
import { ok } from './envelope'
import { user } from './user'
import { MSG } from './validation-messages'
import { flag01 } from './wire'

/**
 * Session calls of shell §7. Paths are relative to /api/v1/. Failures use `failure` from
 * ./envelope (`{ status: false, msg, code }`).
 */

/**
 * The fixed Basic credential `user/userLogin` carries: base64('backlay-web:public'). It names
 * the first-party web client; it is public by design and grants nothing by itself.
 */
export const LOGIN_CLIENT_ID = 'backlay-web'
export const LOGIN_BASIC_AUTHORIZATION = 'Basic YmFja2xheS13ZWI6cHVibGlj'

// ---- login form (web) ----

/** Login dialog: Mobile Number mode (country + phone) or User Id mode. */
export const loginForm = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('userId'),
    user_name: loginUserName,
    password: loginPassword,
  }),
  z
    .object({
      mode: z.literal('mobile'),
      country_code: countryCode,
      mobile: phoneNumber,
      password: loginPassword,
    })
    .check(phoneLengthRule),
])
export type LoginForm = z.infer<typeof loginForm>

// ---- POST user/userLogin ----

/**
 * Form-encoded body with `Authorization: LOGIN_BASIC_AUTHORIZATION`. A mobile login sends
 * `user_name` as country code + number ('+919876543210'): user ids never start with '+'.
 */
export const loginRequest = z.strictObject({
  user_name: loginUserName,
  password: loginPassword,
  grant_type: z.literal('password', { error: "grant_type must be 'password'" }),
  /**
   * Not in the spec: after many failed logins the server answers 403 `AUTH.STEP_UP_REQUIRED`
   * with `data: { orderId, mobile }`; the same login sent again with that orderId and the OTP
   * texted to the mobile goes through.
   */
  orderId: z.string().trim().min(1).max(64).optional(),
  otp: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the OTP sent to your mobile.')
    .optional(),
})
export type LoginRequest = z.infer<typeof loginRequest>

/** The answer to a right password on an account under attack: confirm it with an OTP. */
export const loginStepUpResponse = z.object({
  status: z.literal(false),
  code: z.literal('AUTH.STEP_UP_REQUIRED'),
  msg: z.string(),
  data: z.object({ orderId: z.string(), mobile: z.string() }),
})

/** loginRequestFromForm({ mode: 'mobile', country_code: '+91', mobile: '9876543210', password }) → user_name '+919876543210' */
export const loginRequestFromForm = (form: LoginForm): LoginRequest => ({
  user_name: form.mode === 'mobile' ? `${form.country_code}${form.mobile}` : form.user_name,
  password: form.password,
  grant_type: 'password',
})

/**
 * `token.expiresIn` (seconds, not shown in the spec) lets the client store expiry as
 * seconds-since-epoch from its own clock. With Telegram verification on (`is_telegram_enable`
 * 1) neither `token` nor `data.access_token` is sent and no session starts.
 */
export const accessToken = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().positive(),
})
export type AccessToken = z.infer<typeof accessToken>

export const loginData = user.extend({
  is_telegram_enable: flag01,
  access_token: z.string().optional(),
})
export type LoginData = z.infer<typeof loginData>

/** `operatorId` is repeated at the top level because §7 reads it there and §3 inside data. */
export const loginResponse = z.object({
  status: z.literal(true),
  msg: z.string(),
  data: loginData,
  token: accessToken.optional(),
  operatorId: z.string(),
})
export type LoginResponse = z.infer<typeof loginResponse>

// ---- POST user/autoDemoUserLogin (empty body) → credentials, then a normal login ----

export const demoLoginRequest = z.strictObject({})
export const demoLoginResponse = ok(z.object({ user_name: z.string(), password: z.string() }))
export type DemoLoginResponse = z.infer<typeof demoLoginResponse>

// ---- POST user/logout (path not shown) → { status: true, msg }; the token stops working ----

export const logoutRequest = z.strictObject({})
export const messageResponse = z.object({ status: z.literal(true), msg: z.string() })
export type MessageResponse = z.infer<typeof messageResponse>

// ---- POST /auth/glogin and /auth/walogin: token in TOKEN_HEADER ----

/** Not shown: Google sends its ID token (`credential`, as Google Identity Services names it). */
export const googleLoginRequest = z.strictObject({
  credential: z.string().min(1, MSG.fieldRequired),
})
/** `otp` is the token the one-time-link (OTP-less WhatsApp) provider hands the page. */
export const whatsappLoginRequest = z.strictObject({ otp: z.string().min(1, MSG.fieldRequired) })

export const socialLoginResponse = z.object({
  success: z.boolean(),
  msg: z.string().optional(),
  result: user.optional(),
})
export type SocialLoginResponse = z.infer<typeof socialLoginResponse>

// ---- register form (web) and POST /user/register ----

/** Sign-up tab; `refer_code` is the optional promo/referral code (prefilled from ?referCode). */
export const registerForm = z
  .object({
    user_name: username,
    country_code: countryCode,
    mobile: phoneNumber,
    password: newPassword,
    confirmPassword,
    refer_code: z.string().trim().max(32).optional(),
  })
  .check(phoneLengthRule)
  .check(confirmMatches('password'))
export type RegisterForm = z.infer<typeof registerForm>

const referCode = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .transform((s) => s.toLowerCase())

/** `mobile` omitted when empty; `refer_code` lowercased and only when given; `name` not shown: the username. */
export const registerRequest = z
  .strictObject({
    name: z.string().trim().min(1, MSG.fieldRequired).max(64),
    user_name: username,
    mobile: phoneNumber.optional(),
    password: newPassword,
    country_code: countryCode,
    refer_code: referCode.optional(),
  })
  .check(phoneLengthRule)
export type RegisterRequest = z.input<typeof registerRequest>

/** registerRequestFromForm(form) → payload without confirmPassword, mobile dropped when empty */
export const registerRequestFromForm = (form: RegisterForm): RegisterRequest => ({
  name: form.user_name,
  user_name: form.user_name,
  ...(form.mobile ? { mobile: form.mobile } : {}),
  password: form.password,
  country_code: form.country_code,
  ...(form.refer_code ? { refer_code: form.refer_code.toLowerCase() } : {}),
})

/** Success shows `msg`, then the client logs in with the same credentials. */
export const registerResponse = messageResponse

// ---- POST verifyRefferalCode (spelling as the spec) ----

export const verifyReferralCodeRequest = z.strictObject({ refer_code: referCode })
/** Not shown: valid codes answer the normalised code; unknown ones are a failure with a msg. */
export const verifyReferralCodeResponse = ok(z.object({ refer_code: z.string() }))

// ---- phone sign-up by OTP: POST whatsapp/send-code (WhatsApp) or createUserOtp/ (SMS) ----

/** Not shown: both channels take the phone and answer like a sent OTP. */
export const phoneSignupRequest = z
  .strictObject({ country_code: countryCode, mobile: phoneNumber })
  .check(phoneLengthRule)
export type PhoneSignupRequest = z.infer<typeof phoneSignupRequest>

/**
 * Any sent OTP (sign-up or reset): `mobile` masked ('******3210') so it does not leak numbers,
 * `otp_expiry_time` ISO 8601 UTC (not shown: we chose ISO like every other time).
 */
export const otpSentResponse = z.object({
  status: z.literal(true),
  msg: z.string(),
  mobile: z.string(),
  data: z.object({ orderId: z.string() }),
  otp_expiry_time: z.iso.datetime(),
})
export type OtpSentResponse = z.infer<typeof otpSentResponse>

/** POST whatsapp/re-send and every other resend: `{ orderId }` → otpSentResponse. */
export const otpResendRequest = z.strictObject({ orderId })

/** POST whatsapp/verify `{ orderId, otp }` (either channel) → loginResponse: the account is created or found and logged in. */
export const otpVerifyRequest = z.strictObject({ orderId, otp })
export type OtpVerifyRequest = z.infer<typeof otpVerifyRequest>
