import type { Bet, PlacedBet } from '@backlay/contract/bets'

/** What a placement left: the selection it was for, and the server's answer. */
export interface Receipt {
  betId: string
  matchId: string
  runnerName: string
  marketName: string
  isBack: boolean
  /** The price asked, decimal. */
  price: number
  stake: number
  placed: PlacedBet
}

export interface ReceiptProgress {
  matched: number
  /** Average matched price, decimal; null while nothing matched. */
  avgOdds: number | null
  resting: number
  /** Cancelled or lapsed: what is neither matched nor resting. */
  cancelled: number
}

const roundRupees = (n: number) => Math.round(n * 100) / 100

/**
 * Where the bet stands now, from the open bet lists: its matched part (with the average price)
 * in the matched list, its resting part in the unmatched list. Until the lists have `listed` the
 * bet once, the placement's own answer; after, a part missing from both has left the book.
 * receiptProgress(r with stake 100, {stack: 40, odds: 2.1}, {stack: 60}, true)
 * → { matched: 40, avgOdds: 2.1, resting: 60, cancelled: 0 }
 */
export function receiptProgress(
  receipt: Receipt,
  matchedPart: Pick<Bet, 'stack' | 'odds'> | undefined,
  restingPart: Pick<Bet, 'stack'> | undefined,
  listed: boolean,
): ReceiptProgress {
  if (!listed)
    return {
      matched: receipt.placed.matched_stack,
      avgOdds: receipt.placed.avg_odds,
      resting: receipt.placed.unmatched_stack,
      cancelled: roundRupees(
        receipt.stake - receipt.placed.matched_stack - receipt.placed.unmatched_stack,
      ),
    }
  const matched = matchedPart?.stack ?? 0
  const resting = restingPart?.stack ?? 0
  return {
    matched,
    avgOdds: matchedPart ? matchedPart.odds : null,
    resting,
    cancelled: roundRupees(receipt.stake - matched - resting),
  }
}
