import { betPL, losingPL, marketExposure, type UserOddsBet } from './exposure'
import type { MarketId, Paise, SelectionId, UserId } from './ids'
import { basisPointsOf, negate } from './money'
import { err, ok, type Result } from './result'
import { fancyBetPL, fancyExposure, type UserFancyBet } from './session'

/**
 * Settling one market from its result. Each user's bets in the market net to one P/L; commission
 * is charged on NET market winnings (won ₹100 on one runner and lost ₹60 on another: pays on ₹40),
 * rounded down, and credited to the commission account. The house account takes the balancing
 * posting, so postings always sum to zero: on an exchange market whose every fill is present as its
 * back bet and its lay bet the users' P/Ls cancel and the house posting is 0; on bookmaker and fancy
 * markets the house is the counterparty and the posting is its result.
 * Exposure is a hold, not a ledger balance (available = balance − exposure), so the settlement
 * returns what each user's matched bets held for the caller to release in the same transaction
 * (unmatched orders are cancelled when the market closes, releasing theirs then).
 */
export type MarketResult =
  | {
      readonly kind: 'WINNER'
      readonly selectionId: SelectionId
      /**
       * The other winners. On a single-winner market a dead heat: each tied runner's bets are
       * paid on a share of the stake, which comes to the average of the P/L over the tied
       * winners. On a market of `winners` places, each is paid in full while they fit the places.
       */
      readonly deadHeatWith?: readonly SelectionId[]
    }
  | { readonly kind: 'RUNS'; readonly runs: number }
  | { readonly kind: 'VOID' }

/** odds markets (exchange match odds, racing win and place, bookmaker) or one fancy id */
export type SettlementMarket =
  | {
      readonly kind: 'ODDS'
      readonly selectionIds: readonly SelectionId[]
      readonly bets: readonly UserOddsBet[]
      /** how many selections the market pays (a place market's places); 1 when absent */
      readonly winners?: number
    }
  | { readonly kind: 'FANCY'; readonly bets: readonly UserFancyBet[] }

export interface LedgerAccounts {
  /** counterparty of every bet, the house's book */
  readonly house: string
  readonly commission: string
  readonly user: (userId: UserId) => string
}

export interface SettlementInput {
  readonly marketId: MarketId
  /** the market's stored state; settling twice is refused */
  readonly alreadySettled: boolean
  readonly result: MarketResult
  readonly market: SettlementMarket
  /** commission on net market winnings, basis points (200 = 2%) */
  readonly commissionBps: number
  readonly accounts: LedgerAccounts
}

export interface UserSettlement {
  readonly userId: UserId
  /** before commission */
  readonly pl: Paise
  readonly commission: Paise
  /** what the user's balance moves by: pl − commission */
  readonly net: Paise
  /** exposure the user's matched bets held on this market, to release */
  readonly releasedExposure: Paise
}

export interface Posting {
  readonly account: string
  readonly amount: Paise
}

export interface Settlement {
  readonly marketId: MarketId
  readonly result: MarketResult
  readonly users: UserSettlement[]
  /** sums to zero */
  readonly postings: Posting[]
}

export type SettleCode =
  | 'SETTLE.ALREADY_SETTLED'
  | 'SETTLE.RESULT_MISMATCH'
  | 'SETTLE.UNKNOWN_WINNER'
  | 'SETTLE.INVALID_COMMISSION'

const MAX_BPS = 10000

/** Every winner of a result: one, or all those of a dead heat. */
export const winnersOf = (result: Extract<MarketResult, { kind: 'WINNER' }>): SelectionId[] => [
  result.selectionId,
  ...(result.deadHeatWith ?? []),
]

/**
 * The P/L of bets on a WINNER result of a market paying `places` selections. Winners that fit
 * the places are each paid in full. More winners than places (a dead heat) pay each on a share
 * places/winners of the stake: the average P/L over every set of `places` of them, rounded down,
 * so never below what the worst set would have cost (the exposure held).
 * winnerPL([back A ₹100 @ 3.00], [A, B]) → (20000 − 10000) / 2 = 5000;
 * winnerPL([back A ₹100 @ 3.00], [A, B], 3) → 20000
 */
export const winnerPL = (
  bets: readonly UserOddsBet[],
  winners: readonly SelectionId[],
  places = 1,
): Paise => {
  const won = new Set(winners)
  const paid = Math.min(won.size, places)
  let losing = 0
  let gained = 0
  for (const bet of bets) {
    const lost = losingPL(bet)
    losing += lost
    if (won.has(bet.selectionId)) gained += betPL(bet, bet.selectionId) - lost
  }
  if (won.size === 0) return losing as Paise
  return Math.floor((won.size * losing + paid * gained) / won.size) as Paise
}

const checkResult = (input: SettlementInput): Result<true, SettleCode> => {
  const { result, market } = input
  if (result.kind === 'VOID') return ok(true)
  if (market.kind === 'ODDS') {
    if (result.kind !== 'WINNER') {
      return err('SETTLE.RESULT_MISMATCH', 'A runs result settles only a fancy market.')
    }
    const winners = winnersOf(result)
    if (!winners.every((w) => market.selectionIds.includes(w))) {
      return err('SETTLE.UNKNOWN_WINNER', 'The winner is not a runner of this market.')
    }
    if (new Set(winners).size !== winners.length) {
      return err('SETTLE.RESULT_MISMATCH', 'A dead heat names each winner once.')
    }
    return ok(true)
  }
  if (result.kind !== 'RUNS' || !Number.isInteger(result.runs) || result.runs < 0) {
    return err('SETTLE.RESULT_MISMATCH', 'A fancy market settles on a whole number of runs.')
  }
  return ok(true)
}

const groupByUser = <B extends { readonly userId: UserId }>(
  bets: readonly B[],
): Map<UserId, B[]> => {
  const byUser = new Map<UserId, B[]>()
  for (const bet of bets) {
    const list = byUser.get(bet.userId)
    if (list) list.push(bet)
    else byUser.set(bet.userId, [bet])
  }
  return byUser
}

/**
 * settleMarket({ result: { kind: 'WINNER', selectionId: A }, market: { kind: 'ODDS', bets: [u1 back A ₹100 @ 3.00, u2 lay A ₹100 @ 3.00] }, commissionBps: 200, … })
 * → u1 pl +20000, commission 400, net +19600; u2 pl −20000; postings u1 +19600, u2 −20000, commission +400, (house 0 omitted).
 */
export const settleMarket = (input: SettlementInput): Result<Settlement, SettleCode> => {
  if (input.alreadySettled) return err('SETTLE.ALREADY_SETTLED', 'The market is already settled.')
  if (
    !Number.isInteger(input.commissionBps) ||
    input.commissionBps < 0 ||
    input.commissionBps > MAX_BPS
  ) {
    return err('SETTLE.INVALID_COMMISSION', 'Commission must be 0 to 10000 basis points.')
  }
  const checked = checkResult(input)
  if (!checked.ok) return checked

  const { market, result, accounts } = input
  const positions: { userId: UserId; pl: number; exposure: number }[] =
    market.kind === 'ODDS'
      ? [...groupByUser(market.bets)].map(([userId, bets]) => ({
          userId,
          pl: result.kind === 'WINNER' ? winnerPL(bets, winnersOf(result), market.winners) : 0,
          exposure: marketExposure(market.selectionIds, bets, [], market.winners).exposure,
        }))
      : [...groupByUser(market.bets)].map(([userId, bets]) => ({
          userId,
          pl: result.kind === 'RUNS' ? bets.reduce((s, b) => s + fancyBetPL(b, result.runs), 0) : 0,
          exposure: fancyExposure(bets).exposure,
        }))

  const users = positions.map(({ userId, pl, exposure }) => {
    const commission = pl > 0 ? basisPointsOf(pl as Paise, input.commissionBps) : 0
    return {
      userId,
      pl: pl as Paise,
      commission: commission as Paise,
      net: (pl - commission) as Paise,
      releasedExposure: exposure as Paise,
    }
  })
  const commissionTotal = users.reduce((s, u) => s + u.commission, 0)
  const userTotal = users.reduce((s, u) => s + u.net, 0)
  const postings: Posting[] = [
    ...users
      .filter((u) => u.net !== 0)
      .map((u) => ({ account: accounts.user(u.userId), amount: u.net })),
    { account: accounts.commission, amount: commissionTotal as Paise },
    { account: accounts.house, amount: negate(userTotal + commissionTotal) },
  ].filter((p) => p.amount !== 0)
  return ok({ marketId: input.marketId, result, users, postings })
}
