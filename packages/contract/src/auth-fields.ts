import { z } from 'zod'
import {
  FORGOT_USER_ID_MIN,
  LOGIN_PASSWORD_MIN,
  OTP_LENGTH,
  PASSWORD_MAX,
  phoneLengthFor,
  REGISTER_PASSWORD_MIN,
} from './limits'
import { MSG, phoneLength } from './validation-messages'

/**
 * Each field stops at its first failing rule through `.pipe`, not `abort`: an aborted issue would
 * also stop the object rules (password mismatch, phone length) of the form around it.
 *
 * Field rules shared by the login, register and password-reset forms (web, react-hook-form) and
 * by the server's payload validation, so both produce the same message for the same input.
 */

/** Calling code with its plus sign, as the registration payload sends it: '+91'. */
export const countryCode = z
  .string()
  .trim()
  .min(1, MSG.countryRequired)
  .pipe(z.string().regex(/^\+\d{1,4}$/, MSG.countryCodeFormat))

/** Digits only; the length depends on the country, checked by `checkPhoneLength`. */
export const phoneNumber = z
  .string()
  .trim()
  .min(1, MSG.phoneRequired)
  .pipe(z.string().regex(/^\d+$/, MSG.phoneDigitsOnly))

/** isPhoneComplete('+91', '9876543210') → true; register keeps password fields disabled until then. */
export const isPhoneComplete = (code: string, mobile: string): boolean =>
  /^\d+$/.test(mobile) && mobile.length === phoneLengthFor(code)

/**
 * Runs an object rule once `keys` parsed, even when other fields failed: a form shows every
 * field's message at once, not the mismatch only after the username is filled in.
 */
const whenParsed =
  (...keys: string[]) =>
  (payload: z.core.ParsePayload): boolean =>
    typeof payload.value === 'object' &&
    payload.value !== null &&
    !payload.issues.some((issue) => keys.includes(String(issue.path?.[0])))

/** Adds 'Phone Number must be {n} digits' on `mobile` when a digits-only number has the wrong length. */
export const phoneLengthRule = z.superRefine(
  (v: { country_code: string; mobile?: string | undefined }, ctx) => {
    if (v.mobile === undefined || !/^\d+$/.test(v.mobile)) return
    const n = phoneLengthFor(v.country_code)
    if (v.mobile.length !== n)
      ctx.addIssue({ code: 'custom', message: phoneLength(n), path: ['mobile'] })
  },
  { when: whenParsed('country_code', 'mobile') },
)

/** Login: at least 5 (the spec's only message, also for an empty field), input cut to 16. */
export const loginPassword = z
  .string()
  .min(LOGIN_PASSWORD_MIN, MSG.loginPasswordMin)
  .max(PASSWORD_MAX, MSG.passwordMax)

/** Register / reset: at least 6; capped at 16 so the login input's cut never breaks a password. */
export const newPassword = z
  .string()
  .min(REGISTER_PASSWORD_MIN, MSG.registerPasswordMin)
  .max(PASSWORD_MAX, MSG.passwordMax)

export const confirmPassword = z.string().min(1, MSG.fieldRequired)

/** Adds 'Password does not match.' on `confirmPassword` when it differs from `field`. */
export const confirmMatches = <K extends string>(field: K) =>
  z.superRefine(
    (v: Record<K, string> & { confirmPassword: string }, ctx) => {
      if (v.confirmPassword !== '' && v.confirmPassword !== v[field])
        ctx.addIssue({ code: 'custom', message: MSG.passwordMismatch, path: ['confirmPassword'] })
    },
    { when: whenParsed(field, 'confirmPassword') },
  )

/** 'Otp Required' when empty, else 'Otp must be 6 digits long'. */
export const otp = z
  .string()
  .trim()
  .min(1, MSG.otpRequired)
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), MSG.otpLength))

/** Login user id: any non-empty id; a leading '+' marks a mobile login (see `loginPayloadFromForm`). */
export const loginUserName = z.string().trim().min(1, MSG.userIdRequired).max(64)

/**
 * Register username. The spec only says required; we add 3–32 letters, digits, dot, underscore
 * so a user id can always be used in forgot-password (≥ 3) and never looks like a mobile login.
 */
export const username = z
  .string()
  .trim()
  .min(1, MSG.usernameRequired)
  .pipe(z.string().min(3, MSG.usernameMin))
  .pipe(
    z
      .string()
      .max(32)
      .regex(/^[A-Za-z0-9_.]+$/, MSG.usernameChars),
  )

/** Forgot password by user id: at least 3 characters before an OTP can be sent. */
export const forgotUserName = z.string().trim().min(FORGOT_USER_ID_MIN, MSG.forgotUserIdMin)

/** Opaque id of one OTP challenge, returned when the OTP is sent. */
export const orderId = z.string().trim().min(1, MSG.fieldRequired).max(64)
