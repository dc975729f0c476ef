import { z } from 'zod'
import { ok } from './envelope'
import {
  MAX_COMBINED_SELECTIONS,
  MAX_ODDS,
  MIN_ODDS,
  OPEN_BETS_PAGE_SIZES,
  SETTLED_BETS_PAGE_SIZE,
  STAKE_MAX,
} from './limits'
import { marketType } from './market'
import { decimalOdds, rupees } from './money'
import { dateWindowRule, paged, pageFields } from './paging'
import { MSG } from './validation-messages'
import { flag01, idText, wireId } from './wire'

/**
 * Bet calls of betting §7. Placement failures are `failure` (./envelope): msg, code, and an
 * optional error list `[{ description }]`; the client shows msg, else the first description,
 * else 'Something went wrong'. A renewed token comes back in TOKEN_HEADER (./token-headers).
 */

/**
 * Optional request header making placement and cash-out retry-safe: a repeat with the same key
 * from the same user returns the first answer instead of placing again (8–64 of A–Z a–z 0–9 - _).
 * A header, not a body field, so the spec's bodies stay exactly as named.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key'
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

/** 1 = back, 0 = lay */
const isBack = flag01
const odds = decimalOdds.min(MIN_ODDS, MSG.oddsRange).max(MAX_ODDS, MSG.oddsRange)
const stack = rupees.positive(MSG.stakePositive).max(STAKE_MAX, MSG.stakeAboveMax)

/**
 * What an exchange order's unmatched part does when its market turns in-play (ours, beyond the
 * spec's fields): LAPSE (the default) cancels it, PERSIST keeps it on the book in-play.
 */
export const persistence = z.enum(['LAPSE', 'PERSIST'])
export type Persistence = z.infer<typeof persistence>

/**
 * POST /bet/saveBet (match odds, bookmaker, racing win). `odds` is the worst price accepted
 * (back: at least, lay: at most); after the bet delay an exchange bet matches against the book as
 * it is then and its unmatched remainder rests (Betfair's rule); a bookmaker bet whose quote moved
 * is refused. Bookmaker odds are decimal here (rate / 100 + 1). Ours besides the spec's fields:
 * `persistence`, and `fill_or_kill` ("Match now or cancel", Betfair's FILL_OR_KILL): the bet
 * matches at least `min_fill` rupees (the whole stake when absent) now or is cancelled, and its
 * unmatched rest is cancelled instead of resting.
 */
export const saveBetRequest = z
  .strictObject({
    is_back: isBack,
    market_id: idText,
    odds,
    selection_id: wireId,
    stack,
    persistence: persistence.optional(),
    fill_or_kill: z.boolean().optional(),
    min_fill: rupees.positive(MSG.minFillPositive).optional(),
  })
  .refine((bet) => bet.min_fill === undefined || bet.fill_or_kill === true, {
    message: MSG.minFillWithoutFillOrKill,
    path: ['min_fill'],
  })
  .refine((bet) => bet.min_fill === undefined || bet.min_fill <= bet.stack, {
    message: MSG.minFillAboveStake,
    path: ['min_fill'],
  })
export type SaveBetRequest = z.input<typeof saveBetRequest>

/**
 * POST /bet/saveFancyBet: `run` is the line (BackPrice1 / LayPrice1), `size` the rate in
 * Odds(H-J) (BackSize1 / LaySize1, 100 = evens); back = Yes, lay = No.
 */
export const saveFancyBetRequest = z.strictObject({
  is_back: isBack,
  fancy_id: wireId,
  run: z.number().int().min(0),
  size: z.number().gt(1, MSG.bhawBelowOne),
  stack,
})
export type SaveFancyBetRequest = z.input<typeof saveFancyBetRequest>

/** One leg of a combined racing bet (betting §3 horse-racing order line); stake whole rupees. */
export const hrBetLeg = z.strictObject({
  selection_id: wireId,
  selection_name: idText.max(200),
  market_id: idText,
  odds,
  is_back: isBack,
  stack: stack.int(MSG.stakeNotInteger),
})
export type HrBetLeg = z.input<typeof hrBetLeg>

/** POST /bet/saveHrBet: the body is the list of legs, all-or-nothing, one market, distinct runners. */
export const saveHrBetRequest = z
  .array(hrBetLeg)
  .min(1)
  .max(MAX_COMBINED_SELECTIONS, MSG.maxSelections)
  .superRefine((legs, ctx) => {
    if (new Set(legs.map((l) => l.market_id)).size > 1)
      ctx.addIssue({ code: 'custom', message: MSG.legsOneMarket })
    if (new Set(legs.map((l) => l.selection_id)).size !== legs.length)
      ctx.addIssue({ code: 'custom', message: MSG.legsDistinctRunners })
    if (new Set(legs.map((l) => l.is_back)).size > 1)
      ctx.addIssue({ code: 'custom', message: MSG.legsOneSide })
  })
export type SaveHrBetRequest = z.input<typeof saveHrBetRequest>

export const orderStatus = z.enum(['MATCHED', 'PARTIALLY_MATCHED', 'UNMATCHED', 'CANCELLED'])
export type OrderStatus = z.infer<typeof orderStatus>

/** What a placement did (not shown): matched part at its average price, the rest resting. */
export const placedBet = z.object({
  bet_id: z.string(),
  status: orderStatus,
  matched_stack: rupees,
  unmatched_stack: rupees,
  /** Average matched price; null while nothing matched. */
  avg_odds: decimalOdds.nullable(),
})
export type PlacedBet = z.infer<typeof placedBet>
export const saveBetResponse = ok(placedBet)
export const saveHrBetResponse = ok(z.array(placedBet))

/**
 * Betting §3 bet. `marketType` uses the market kinds of ./market (the spec's Special is
 * BOOKMAKER). Fancy bets set `run` and `size`; `event_type` is 'oddeven' on odd/even lines.
 */
export const bet = z.object({
  bet_id: z.string(),
  match_id: z.string(),
  market_id: z.string(),
  match_name: z.string(),
  market_name: z.string(),
  marketType: marketType,
  selection_id: z.string(),
  selection_name: z.string(),
  odds: decimalOdds,
  stack: rupees,
  liability: rupees,
  profit: rupees,
  is_back: isBack,
  is_fancy: flag01,
  type: z.enum(['Back', 'Lay']),
  /** ISO 8601 UTC */
  createdAt: z.iso.datetime(),
  sport_id: z.string(),
  series_name: z.string(),
  event_type: z.literal('oddeven').nullable(),
  run: z.number().int().nullable(),
  size: z.number().nullable(),
  /** 1 when fully matched; unmatched bets carry what is still resting in `stack`. */
  is_matched: flag01,
  /** Exchange bets: lapse or keep the unmatched part at the in-play turn. */
  persistence: persistence.optional(),
})
export type Bet = z.infer<typeof bet>

export const settledBet = bet.extend({
  result: z.enum(['WON', 'LOST', 'VOID']),
  /** Signed profit or loss of this bet, before commission. */
  pl: rupees,
  settledAt: z.iso.datetime(),
})
export type SettledBet = z.infer<typeof settledBet>

/** `delete_status` 0 = live bets, 1 = cancelled or voided ones. */
const betSearch = z.strictObject({
  delete_status: flag01.optional(),
  match_id: z.string().optional(),
  market_id: z.string().optional(),
  is_matched: flag01.optional(),
  sport_id: z.string().optional(),
})

/** POST /bet/openBets: limit 100 or 150. */
export const openBetsRequest = z
  .strictObject({
    ...pageFields,
    limit: z.union(OPEN_BETS_PAGE_SIZES.map((n) => z.literal(n))).default(100),
    search: betSearch.default({}),
  })
  .superRefine(dateWindowRule)
export type OpenBetsRequest = z.input<typeof openBetsRequest>
export const openBetsResponse = paged(bet)

/** POST /bet/settledBets: limit 150. */
export const settledBetsRequest = z
  .strictObject({
    ...pageFields,
    limit: z.literal(SETTLED_BETS_PAGE_SIZE).default(SETTLED_BETS_PAGE_SIZE),
    search: betSearch.default({}),
  })
  .superRefine(dateWindowRule)
export type SettledBetsRequest = z.input<typeof settledBetsRequest>
export const settledBetsResponse = paged(settledBet)

/** POST /bet/unmatchedBets (payload not shown): optionally one match or market → all resting bets. */
export const unmatchedBetsRequest = z.strictObject({
  match_id: z.string().optional(),
  market_id: z.string().optional(),
})
export const unmatchedBetsResponse = ok(z.array(bet))

/** POST /bet/cancelUnmatchedBet {bet_id} / cancelUnmatchedBetAll {market_id} → what was cancelled (not shown). */
export const cancelUnmatchedBetRequest = z.strictObject({ bet_id: idText })
export const cancelUnmatchedBetAllRequest = z.strictObject({ market_id: idText })
export const cancelledBetsResponse = ok(
  z.object({ bet_ids: z.array(z.string()), cancelled_stack: rupees }),
)
export type CancelledBetsResponse = z.infer<typeof cancelledBetsResponse>

/** Shares of a position a player may cash out: 10 % to 100 % in steps of 10. */
export const CASH_OUT_SHARES = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const
const cashOutShare = z.coerce.number().int().min(10).max(100).multipleOf(10).default(100)

/**
 * GET /exchange/order/cashout?marketId=… → `data.status`, `data.msg` ('Cash-out successful.').
 * `share` (ours, default 100) hedges that percentage of the position and leaves the rest open.
 */
export const cashOutQuery = z.strictObject({ marketId: idText, share: cashOutShare })
export const cashOutResponse = z.object({
  status: z.boolean(),
  msg: z.string().optional(),
  data: z.object({ status: z.boolean(), msg: z.string() }),
})
export type CashOutResponse = z.infer<typeof cashOutResponse>

/**
 * GET /exchange/order/cashoutQuote?marketId=…&share=… (ours): what cashing out that share would
 * lock in at the prices of now, shown before the player confirms. `amount` is the share of the
 * P/L a full cash-out would make equal on every runner (negative: a loss locked in).
 */
export const cashOutQuoteQuery = cashOutQuery
export const cashOutQuoteResponse = ok(
  z.object({
    share: z.number().int(),
    amount: rupees,
    hedge: z.object({
      selection_id: z.string(),
      side: z.enum(['BACK', 'LAY']),
      odds: decimalOdds,
      stake: rupees,
    }),
  }),
)
export type CashOutQuoteResponse = z.infer<typeof cashOutQuoteResponse>

/**
 * POST bet/getTeamPosition `{ match_id }` (racing: `{ market_id }`) → per market id, the user's
 * P/L if each selection wins (betting §3 exposure per market).
 */
export const teamPositionRequest = z
  .strictObject({ match_id: z.string().optional(), market_id: z.string().optional() })
  .refine((v) => (v.match_id === undefined) !== (v.market_id === undefined), {
    message: MSG.matchOrMarket,
    path: ['match_id'],
  })
export const selectionPosition = z.object({ selection_id: z.string(), user_pl: rupees })
export type SelectionPosition = z.infer<typeof selectionPosition>
export const teamPositionResponse = ok(z.record(z.string(), z.array(selectionPosition)))
export type TeamPositionResponse = z.infer<typeof teamPositionResponse>

/** POST bet/getFancyLiability `{ match_id }` → liability (positive rupees) per fancy id. */
export const fancyLiabilityRequest = z.strictObject({ match_id: idText })
export const fancyLiabilityResponse = ok(z.record(z.string(), rupees))

/** Stable codes of expected bet and cash-out failures with their HTTP status and default msg. */
export const betErrors = {
  'AUTH.LOGIN_REQUIRED': { http: 401, msg: 'Please login to place bets' },
  'BET.INSUFFICIENT_FUNDS': { http: 409, msg: 'Insufficient balance' },
  'BET.MARKET_NOT_FOUND': { http: 404, msg: 'Market not found' },
  'BET.MARKET_SUSPENDED': { http: 409, msg: 'Market is suspended' },
  'BET.MARKET_CLOSED': { http: 409, msg: 'Market is closed' },
  'BET.RUNNER_SUSPENDED': { http: 409, msg: 'Selection is suspended' },
  'BET.ODDS_CHANGED': { http: 409, msg: 'Odds changed, please place the bet again' },
  'BET.INVALID_ODDS': { http: 400, msg: 'Odds are not on the price ladder' },
  'BET.STAKE_BELOW_MIN': { http: 400, msg: 'Stake is below the minimum for this market' },
  'BET.STAKE_ABOVE_MAX': { http: 400, msg: 'Stake is above the maximum for this market' },
  'BET.MAX_PROFIT': { http: 400, msg: 'Profit is above the maximum for this market' },
  'BET.NO_LIQUIDITY': { http: 409, msg: 'Not enough matching offers at this price' },
  /** A fill-or-kill bet that could not match its minimum now: cancelled, nothing stored. */
  'BET.NOT_FILLED': { http: 409, msg: 'Bet cancelled: it could not be matched now at these odds.' },
  'BET.NOT_FOUND': { http: 404, msg: 'Bet not found' },
  'BET.NOT_CANCELLABLE': { http: 409, msg: 'Bet is already matched or cancelled' },
  'BET.DUPLICATE_REQUEST': { http: 409, msg: 'This request is already being processed' },
  'CASHOUT.NOT_AVAILABLE': { http: 409, msg: 'Cash-out is not available for this market' },
  /** A cluster moved the market to another server and it did not answer in time: safe to retry. */
  'BET.RETRY': { http: 503, msg: 'The market is moving to another server, please try again' },
} as const
export type BetErrorCode = keyof typeof betErrors

/**
 * POST bet/changePersistence (ours): while the market is not in-play yet, an unmatched exchange
 * bet is switched between lapsing at the in-play turn and being kept in-play.
 */
export const changePersistenceRequest = z.strictObject({ bet_id: idText, persistence })
export const changePersistenceResponse = ok(z.object({ bet_id: z.string(), persistence })).extend({
  msg: z.string(),
})

/**
 * POST bet/orderHistory (ours): what happened to one of the player's bets, oldest first —
 * placed, each matched part with its time and price (cut by a non-runner, or void on one),
 * unmatched parts cancelled, lapsed at the in-play turn or removed by a non-runner, and the
 * settlement. Odds are decimal, a session bet's its rate.
 */
export const orderHistoryRequest = z.strictObject({ bet_id: idText })

export const orderEvent = z.object({
  /** ISO 8601 UTC */
  at: z.iso.datetime(),
  kind: z.enum(['PLACED', 'MATCHED', 'CANCELLED', 'LAPSED', 'REMOVED', 'SETTLED']),
  /** The stake the event moved: placed, matched, or taken off the book. */
  stake: rupees.nullable(),
  odds: z.number().nullable(),
  /** MATCHED: the price non-runners cut it to, when they did. */
  reducedTo: decimalOdds.nullable(),
  /** MATCHED: void, the runner being a non-runner. */
  voided: z.boolean(),
  result: z.enum(['WON', 'LOST', 'VOID']).nullable(),
  pl: rupees.nullable(),
})
export type OrderEvent = z.infer<typeof orderEvent>

export const orderHistoryResponse = ok(
  z.object({
    bet_id: z.string(),
    match_name: z.string(),
    market_name: z.string(),
    selection_name: z.string(),
    is_back: isBack,
    events: z.array(orderEvent),
  }),
)
export type OrderHistory = z.infer<typeof orderHistoryResponse>['data']

/**
 * Automatic cash-out (ours): GET exchange/order/autoCashOut?marketId= answers the player's rule on
 * a market (null when none was set); POST sets it — a profit target and/or a loss limit, in
 * rupees, on what a full cash-out locks in — and POST exchange/order/autoCashOut/cancel removes
 * it. The server cashes out once when a trigger is crossed, through the bet delay, and says so
 * on the stream (`autoCashOut`). A manual cash-out, a suspension or the close ends the rule.
 */
export const autoCashOutRequest = z
  .strictObject({
    marketId: idText,
    profitTarget: rupees.positive().nullable().default(null),
    lossLimit: rupees.positive().nullable().default(null),
  })
  .refine((v) => v.profitTarget !== null || v.lossLimit !== null, {
    message: 'Set a profit target, a loss limit or both.',
    path: ['profitTarget'],
  })
export const autoCashOutQuery = z.strictObject({ marketId: idText })
export const autoCashOutState = z.enum(['ACTIVE', 'DONE', 'FAILED', 'CANCELLED'])
export const autoCashOut = z.object({
  marketId: z.string(),
  profitTarget: rupees.nullable(),
  lossLimit: rupees.nullable(),
  state: autoCashOutState,
  /** What ended it: the cash-out's answer, or why it was cancelled. */
  msg: z.string().nullable(),
})
export type AutoCashOut = z.infer<typeof autoCashOut>
export const autoCashOutResponse = ok(autoCashOut.nullable())
