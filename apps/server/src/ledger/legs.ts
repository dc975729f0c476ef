import { fail, type Result, success } from '../result'

/** One side of a posting: signed paise; positive raises the account's balance. */
export interface LedgerLeg {
  accountId: string
  amount: number
}

export type LegsFailureCode = 'LEDGER.INVALID' | 'LEDGER.UNBALANCED'

/**
 * Checks a posting before it touches the store: at least two legs, each a non-zero safe integer,
 * summing to zero. checkLegs([{accountId:'a',amount:500},{accountId:'b',amount:-500}]) → ok
 */
export function checkLegs(
  legs: readonly LedgerLeg[],
): Result<readonly LedgerLeg[], LegsFailureCode> {
  if (legs.length < 2)
    return fail('LEDGER.INVALID', 'A ledger transaction needs at least two legs.')
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      return fail('LEDGER.INVALID', `Leg amounts must be non-zero whole paise (got ${leg.amount}).`)
    }
  }
  const total = legs.reduce((sum, leg) => sum + leg.amount, 0)
  if (total !== 0)
    return fail('LEDGER.UNBALANCED', `Ledger legs must sum to zero (they sum to ${total}).`)
  return success(legs)
}

/** Net change per account, in account-id order (the order rows are locked, to avoid deadlocks). */
export function netByAccount(legs: readonly LedgerLeg[]): [accountId: string, amount: number][] {
  const net = new Map<string, number>()
  for (const leg of legs) net.set(leg.accountId, (net.get(leg.accountId) ?? 0) + leg.amount)
  return [...net.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}
