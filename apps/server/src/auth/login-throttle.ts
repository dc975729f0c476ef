import type { Clock } from '../clock'

export const LOGIN_FAILURES_ALLOWED = 5
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000

/**
 * Failed logins per account: after 5 failures within 15 minutes the account refuses password
 * tries until the oldest of them is 15 minutes old. The owner is never locked out for longer
 * and can reset the password by OTP meanwhile. Kept in memory: one server process per store.
 */
export function createLoginThrottle(clock: Clock) {
  const failures = new Map<string, number[]>()
  const recent = (key: string) => {
    const since = clock.now() - LOGIN_FAILURE_WINDOW_MS
    const kept = (failures.get(key) ?? []).filter((t) => t > since)
    if (kept.length === 0) failures.delete(key)
    else failures.set(key, kept)
    return kept
  }
  return {
    /** Milliseconds until the account takes tries again; 0 when it does now. */
    blockedFor(key: string): number {
      const kept = recent(key)
      if (kept.length < LOGIN_FAILURES_ALLOWED) return 0
      return (
        (kept[kept.length - LOGIN_FAILURES_ALLOWED] ?? 0) + LOGIN_FAILURE_WINDOW_MS - clock.now()
      )
    },
    recordFailure(key: string): void {
      failures.set(key, [...recent(key), clock.now()])
    },
    clear(key: string): void {
      failures.delete(key)
    },
  }
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>

/** throttleKey('localhost', 'Demo1') → 'localhost:demo1' (ids are case-insensitive). */
export const throttleKey = (brandId: string, userName: string) =>
  `${brandId}:${userName.trim().toLowerCase()}`
