import { type LoginProtectionSettings, loginProtection } from '@backlay/contract/admin'
import type { Clock } from '../clock'

/**
 * Failed-login protection after OWASP ASVS v5 (authentication, anti-automation). No stranger can
 * lock a player out:
 * - an (account, address) pair gets `pairFreeFailures` wrong passwords, then waits 1 s, 2 s, 4 s…
 *   (at most 15 minutes) between tries: the attacking address is slowed, the owner elsewhere is not;
 * - one address gets `addressFailuresPerMinute` wrong passwords a minute over all accounts, so a
 *   sweep over many accounts is slowed while right passwords (players behind one shared
 *   address) are never counted;
 * - an account with `accountFailuresBeforeStepUp` wrong passwords within an hour, from anywhere,
 *   is not locked: the right password must then be confirmed with an OTP to its mobile.
 * Kept in this process's memory, on the app clock.
 */
type LoginProtection = LoginProtectionSettings

const DEFAULT_PROTECTION = loginProtection.parse({})

/** A brand's protection from its stored config (back office, brand settings); defaults where unset. */
export const loginProtectionOf = (brandConfig: Record<string, unknown> | null): LoginProtection =>
  loginProtection.catch(DEFAULT_PROTECTION).parse(brandConfig?.loginProtection ?? {})

const PAIR_WINDOW_MS = 15 * 60_000
const MAX_PAIR_DELAY_MS = 15 * 60_000
const ADDRESS_WINDOW_MS = 60_000
const ACCOUNT_WINDOW_MS = 60 * 60_000
const KEYS_KEPT = 100_000

/** accountKey('localhost', ' Demo1') → 'localhost:demo1' (ids are case-insensitive). */
export const accountKey = (brandId: string, userName: string) =>
  `${brandId}:${userName.trim().toLowerCase()}`

export type LoginWait = { kind: 'pair' | 'address'; waitMs: number }

export function createLoginGuard(clock: Clock) {
  const failures = new Map<string, number[]>()
  const recent = (key: string, windowMs: number) => {
    const since = clock.now() - windowMs
    const kept = (failures.get(key) ?? []).filter((t) => t > since)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }
  const pairKey = (account: string, address: string) => `pair:${account}|${address}`
  const addressKey = (brandId: string, address: string) => `address:${brandId}|${address}`
  const accountFailures = (account: string) => recent(`account:${account}`, ACCOUNT_WINDOW_MS)

  return {
    /** How long this address must wait before trying this account again; null when it may now. */
    waitBefore(
      policy: LoginProtection,
      brandId: string,
      account: string,
      address: string,
    ): LoginWait | null {
      const now = clock.now()
      const byAddress = recent(addressKey(brandId, address), ADDRESS_WINDOW_MS)
      if (byAddress.length >= policy.addressFailuresPerMinute) {
        const oldest = byAddress[byAddress.length - policy.addressFailuresPerMinute] ?? now
        return { kind: 'address', waitMs: oldest + ADDRESS_WINDOW_MS - now }
      }
      const byPair = recent(pairKey(account, address), PAIR_WINDOW_MS)
      const over = byPair.length - policy.pairFreeFailures
      if (over < 0) return null
      const delay = Math.min(MAX_PAIR_DELAY_MS, 1000 * 2 ** over)
      const waitMs = (byPair[byPair.length - 1] ?? now) + delay - now
      return waitMs > 0 ? { kind: 'pair', waitMs } : null
    },

    /** Records a wrong password; true when this one took the account past the step-up threshold. */
    recordFailure(policy: LoginProtection, brandId: string, account: string, address: string) {
      const now = clock.now()
      if (failures.size > KEYS_KEPT) {
        for (const key of failures.keys()) recent(key, ACCOUNT_WINDOW_MS)
      }
      for (const key of [pairKey(account, address), addressKey(brandId, address)]) {
        failures.set(key, [...recent(key, PAIR_WINDOW_MS), now])
      }
      const before = accountFailures(account).length
      failures.set(`account:${account}`, [...accountFailures(account), now])
      return (
        before < policy.accountFailuresBeforeStepUp &&
        before + 1 >= policy.accountFailuresBeforeStepUp
      )
    },

    /** Wrong passwords of the account in the last hour, from any address. */
    failedLogins: (account: string) => accountFailures(account).length,

    stepUpRequired: (policy: LoginProtection, account: string) =>
      accountFailures(account).length >= policy.accountFailuresBeforeStepUp,

    /** After a login that passed every check, or an operator's unlock: the account starts afresh. */
    clear(account: string) {
      failures.delete(`account:${account}`)
      const prefix = `pair:${account}|`
      for (const key of failures.keys()) if (key.startsWith(prefix)) failures.delete(key)
    },
  }
}

export type LoginGuard = ReturnType<typeof createLoginGuard>
