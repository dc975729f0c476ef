import type { LoginGuard } from '../auth/login-guard'
import { accountKey, loginProtectionOf } from '../auth/login-guard'
import type { OtpDeps } from '../auth/otp'
import type { Brand, User } from '../db/schema'
import type { Failure } from '../result'
import { checkCredentials, findLoginUser } from './login'
import {
  confirmLoginChallenge,
  loginChallenge,
  notifyLoginAttack,
  type StepUpChallenge,
} from './login-step-up'

/** What a password login comes to: a user to open a session for, a step-up, or a refusal. */
export type GuardedLogin =
  | { kind: 'user'; user: User }
  | { kind: 'step-up'; challenge: StepUpChallenge }
  | { kind: 'refused'; failure: Failure }

/**
 * A password login behind the failed-login guard (auth/login-guard.ts), the same for every door
 * (the web's userLogin, the trading API's identity login): a wrong password slows its address
 * down, never the account's owner elsewhere; an account under attack confirms a right password
 * with an OTP (`orderId` and `otp` of the challenge), else the answer is a step-up.
 */
export async function guardedLogin(
  deps: OtpDeps & { guard: LoginGuard },
  brand: Brand,
  input: { userName: string; password: string; ip: string; orderId?: string; otp?: string },
): Promise<GuardedLogin> {
  const { guard } = deps
  const policy = loginProtectionOf(brand.config)
  const account = accountKey(brand.id, input.userName)
  const wait = guard.waitBefore(policy, brand.id, account, input.ip)
  if (wait) {
    const seconds = Math.ceil(wait.waitMs / 1000)
    return refused({
      code: 'AUTH.RATE_LIMITED',
      msg:
        wait.kind === 'address'
          ? `Too many failed logins from your network. Please try again in ${seconds} seconds.`
          : `Too many failed logins. Please try again in ${seconds} seconds or reset your password.`,
    })
  }
  const checked = await checkCredentials(deps, {
    brandId: brand.id,
    userName: input.userName,
    password: input.password,
  })
  if (!checked.ok) {
    if (checked.code === 'AUTH.INVALID_CREDENTIALS') {
      const user = await findLoginUser(deps.db, brand.id, input.userName)
      const crossed = guard.recordFailure(policy, brand.id, account, input.ip)
      if (crossed && user) await notifyLoginAttack(deps, user)
    }
    return refused(checked)
  }
  const user = checked.value
  if (guard.stepUpRequired(policy, account)) {
    const { orderId, otp } = input
    if (!orderId || !otp) {
      const challenge = await loginChallenge(deps, user)
      return challenge.ok ? { kind: 'step-up', challenge: challenge.value } : refused(challenge)
    }
    const confirmed = await confirmLoginChallenge(deps, user, { orderId, otp })
    if (!confirmed.ok) return refused(confirmed)
  }
  guard.clear(account)
  return { kind: 'user', user }
}

const refused = (failure: { code: string; msg: string }): GuardedLogin => ({
  kind: 'refused',
  failure: { ok: false, code: failure.code, msg: failure.msg },
})
