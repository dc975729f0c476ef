/**
 * Expected failures are values, not exceptions: every rule returns `Result<T, Code>` where `code`
 * is stable (callers map it to HTTP status and `{ status: false, msg, code }`) and `msg` is the
 * text shown to the player. Bugs (broken invariants) throw instead.
 */
export interface Ok<T> {
  readonly ok: true
  readonly value: T
}

export interface Err<C extends string = string> {
  readonly ok: false
  readonly code: C
  readonly msg: string
}

export type Result<T, C extends string = string> = Ok<T> | Err<C>

/** ok(5) → { ok: true, value: 5 } */
export const ok = <T>(value: T): Ok<T> => ({ ok: true, value })

/** err('ODDS.OFF_LADDER', 'Odds 1.015 are not on the price ladder.') → { ok: false, code, msg } */
export const err = <C extends string>(code: C, msg: string): Err<C> => ({ ok: false, code, msg })
