import { err, ok, type Result } from './result'

declare const brand: unique symbol
/** A value of T that only a validating constructor below (or checked arithmetic) can produce. */
type Brand<T, B extends string> = T & { readonly [brand]: B }

/** Money in paise (1 rupee = 100 paise), a safe integer; negative for losses and debits. */
export type Paise = Brand<number, 'Paise'>
/** Decimal odds ×100 as an integer: 1.01 → 101, 1000 → 100000. Ladder membership: see ladder.ts. */
export type Odds = Brand<number, 'Odds'>
export type MarketId = Brand<string, 'MarketId'>
export type SelectionId = Brand<string, 'SelectionId'>
export type UserId = Brand<string, 'UserId'>
export type OrderId = Brand<string, 'OrderId'>

export const MIN_ODDS = 101 as Odds
export const MAX_ODDS = 100000 as Odds
/** Ids are opaque strings; the bound keeps a hostile id from bloating the book's index. */
export const MAX_ID_LENGTH = 64

export type IdCode = 'ID.INVALID'
export type PaiseCode = 'MONEY.NOT_INTEGER' | 'MONEY.NOT_POSITIVE'
export type OddsCode = 'ODDS.NOT_INTEGER' | 'ODDS.OUT_OF_RANGE'

/** paise(1234) → ok(1234 as Paise); paise(12.5) → err('MONEY.NOT_INTEGER') */
export const paise = (n: number): Result<Paise, PaiseCode> =>
  Number.isSafeInteger(n)
    ? ok(n as Paise)
    : err('MONEY.NOT_INTEGER', 'Amount must be a whole number of paise.')

/** isPositivePaise(100) → true; isPositivePaise(0) / (1.5) → false. A boolean for hot paths. */
export const isPositivePaise = (n: number): boolean => Number.isSafeInteger(n) && n > 0

/** positivePaise(100) → ok(100); positivePaise(0) → err('MONEY.NOT_POSITIVE') — stakes and sizes. */
export const positivePaise = (n: number): Result<Paise, PaiseCode> => {
  const r = paise(n)
  if (!r.ok) return r
  return n > 0 ? r : err('MONEY.NOT_POSITIVE', 'Amount must be above 0.')
}

/**
 * Checked arithmetic result: toPaise(a + b) → Paise. Throws on a non-integer because a fraction
 * of a paisa inside the domain is a bug, not bad input.
 */
export const toPaise = (n: number): Paise => {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not a whole number of paise: ${n}`)
  return n as Paise
}

/** odds(195) → ok(195 as Odds); odds(100) → err('ODDS.OUT_OF_RANGE'); odds(1.95) → err('ODDS.NOT_INTEGER') */
export const odds = (n: number): Result<Odds, OddsCode> => {
  if (!Number.isInteger(n)) return err('ODDS.NOT_INTEGER', 'Odds must be given ×100 as an integer.')
  if (n < MIN_ODDS || n > MAX_ODDS) {
    return err('ODDS.OUT_OF_RANGE', 'Odds must be between 1.01 and 1000.')
  }
  return ok(n as Odds)
}

const id =
  <B extends string>() =>
  (s: string): Result<Brand<string, B>, IdCode> =>
    typeof s === 'string' && s.length > 0 && s.length <= MAX_ID_LENGTH
      ? ok(s as Brand<string, B>)
      : err('ID.INVALID', `An id must be 1 to ${MAX_ID_LENGTH} characters.`)

/** marketId('1.234567') → ok; marketId('') → err('ID.INVALID') */
export const marketId: (s: string) => Result<MarketId, IdCode> = id<'MarketId'>()
/** selectionId('47972') → ok (Betfair's numeric selection ids travel as strings) */
export const selectionId: (s: string) => Result<SelectionId, IdCode> = id<'SelectionId'>()
/** userId('u-42') → ok */
export const userId: (s: string) => Result<UserId, IdCode> = id<'UserId'>()
/** orderId('b-1001') → ok; the caller mints order ids (the domain has no randomness). */
export const orderId: (s: string) => Result<OrderId, IdCode> = id<'OrderId'>()
