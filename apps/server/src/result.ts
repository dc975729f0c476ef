/**
 * Expected failures are values, not exceptions: a stable `code` (e.g. `LEDGER.UNBALANCED`) and
 * the message the player sees. Bugs throw.
 */
export interface Failure<C extends string = string> {
  ok: false
  code: C
  msg: string
}
export interface Success<T> {
  ok: true
  value: T
}
export type Result<T, C extends string = string> = Success<T> | Failure<C>

export const success = <T>(value: T): Success<T> => ({ ok: true, value })
export const fail = <C extends string>(code: C, msg: string): Failure<C> => ({
  ok: false,
  code,
  msg,
})
