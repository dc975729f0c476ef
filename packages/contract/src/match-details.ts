import { z } from 'zod'
import { ok } from './envelope'
import { marketStatus, marketType, priceSize, runner, runnerEx } from './market'
import { decimalOdds, rupees } from './money'
import { flag01, idText, wireId } from './wire'

/**
 * Event-page calls of betting §7. Paths relative to /api/v1/. Empty `data` means the match or
 * fancy is gone: the client goes to /.
 */

/**
 * A price cell. For BOOKMAKER markets `price` is the bookmaker rate the spec converts with
 * rate / 100 + 1 (95 → 1.95); elsewhere it is decimal odds. `oprice` (the spec's field, meaning
 * not shown) is always the decimal odds, so no client has to convert to place a bet.
 */
export const detailPriceSize = priceSize.extend({ oprice: decimalOdds })
export type DetailPriceSize = z.infer<typeof detailPriceSize>

/** Runner of betting §3: `name` repeats runnerName; `win_loss` is the user's P/L if it wins (null for guests). */
export const detailRunner = runner.extend({
  name: z.string(),
  win_loss: rupees.nullable(),
  ex: runnerEx.extend({
    availableToBack: z.array(detailPriceSize),
    availableToLay: z.array(detailPriceSize),
  }),
})
export type DetailRunner = z.infer<typeof detailRunner>

/**
 * Market of betting §3. Not shown, decided here: `mtype` is the kind the bet slip names
 * (MATCH_ODDS, Special = bookmaker, SESSION, WIN = racing); `btype` ODDS for price bets, LINE for
 * run lines; `totalOddsBack`/`totalOddsLay` are the book percentages of the best prices
 * (Σ 100 / odds); `GameStatus` is a feed text such as 'Ball Running' ('' when none);
 * `session_live_odds_validation` the rate range a session bet may be placed at.
 */
export const marketDetail = z.object({
  id: z.string(),
  market_id: z.string(),
  market_type: marketType,
  name: z.string(),
  market_name: z.string(),
  status: marketStatus,
  runners: z.array(detailRunner),
  /** seconds */
  betDelay: z.number().int().min(0),
  eventTypeId: z.string(),
  match_id: z.string(),
  /** ISO 8601 UTC */
  match_date: z.iso.datetime(),
  market_start_time: z.iso.datetime(),
  mtype: z.enum(['MATCH_ODDS', 'Special', 'SESSION', 'WIN']),
  btype: z.enum(['ODDS', 'LINE']),
  fancy_id: z.string().nullable(),
  is_active: flag01,
  enable_fancy: flag01,
  is_lock: flag01,
  /** The user's open bets on this market (0 for guests): lights the position icon. */
  bet_count: z.number().int().min(0),
  match_tv_url: z.string().nullable(),
  has_tv_url: z.boolean(),
  isBettable: z.boolean(),
  isHrBet: z.boolean(),
  inplay: z.boolean(),
  totalOddsBack: z.number(),
  totalOddsLay: z.number(),
  GameStatus: z.string(),
  session_live_odds_validation: z.object({ Min: z.number(), Max: z.number() }).nullable(),
  /** Racing only (null elsewhere). */
  venue: z.string().nullable(),
  country_code: z.string().nullable(),
})
export type MarketDetail = z.infer<typeof marketDetail>

/**
 * POST match/matchDetails (auth, `combine: true`) and match/matchDetailsOpen (guest): every
 * market of the match, the requested (else the main) one first. combine fills the user's
 * win_loss and bet_count; the guest call leaves them null / 0.
 */
export const matchDetailsRequest = z.strictObject({
  match_id: wireId,
  market_id: idText.optional(),
  combine: z.literal(true),
})
export const matchDetailsOpenRequest = z.strictObject({
  match_id: wireId,
  market_id: idText.optional(),
})
export type MatchDetailsRequest = z.input<typeof matchDetailsRequest>
export const matchDetailsResponse = ok(z.array(marketDetail))
export type MatchDetailsResponse = z.infer<typeof matchDetailsResponse>

/**
 * Session line of betting §3: BackPrice1/LayPrice1 are the runs for Yes/No, BackSize1/LaySize1
 * the rates (Odds(H-J), 100 = evens). `category` 4 (odd/even style lines) has no No side and
 * shows dashes for lay; other values are display groups (0 normal, 1 over, 2 ball, 3 player).
 */
export const fancy = z.object({
  fancy_id: z.string(),
  fancy_name: z.string(),
  match_id: z.string(),
  BackPrice1: z.number(),
  LayPrice1: z.number(),
  BackSize1: z.number(),
  LaySize1: z.number(),
  category: z.number().int(),
  status: marketStatus,
  is_active: flag01,
  GameStatus: z.string(),
  /** seconds */
  betDelay: z.number().int().min(0),
  event_type: z.literal('oddeven').nullable(),
  sort_priority: z.number().int(),
})
export type Fancy = z.infer<typeof fancy>

/** POST fancy/getFancies { match_id } */
export const fanciesRequest = z.strictObject({ match_id: wireId })
export const fanciesResponse = ok(z.array(fancy))
export type FanciesResponse = z.infer<typeof fanciesResponse>

/**
 * POST fancy/getRunTimeFancyPosition { fancy_id } (answer not shown): the run ladder, the
 * user's P/L for each final run count, ascending, around the lines they bet. This is also the
 * "ladder per fancy id"; the per-market ladder is bet/getTeamPosition.
 */
export const fancyPositionRequest = z.strictObject({ fancy_id: wireId })
export const fancyPositionResponse = ok(
  z.array(z.object({ run: z.number().int(), user_pl: rupees })),
)
export type FancyPositionResponse = z.infer<typeof fancyPositionResponse>

/** Market limits for one market id. */
export const marketLimit = z.object({
  market_min_stack: rupees,
  market_max_stack: rupees,
  max_profit: rupees,
})
export const sessionLimit = z.object({
  session_min_stack: rupees,
  session_max_stack: rupees,
  max_profit: rupees,
})

/**
 * POST event/getEventsLimit { match_id, sport_id } → data keyed by market id, plus
 * data.session keyed by fancy id and data.check_event_limit (false: limits are informative,
 * the user's own limits apply).
 */
export const eventsLimitRequest = z.strictObject({ match_id: wireId, sport_id: wireId })
export const eventsLimit = z
  .object({
    session: z.record(z.string(), sessionLimit),
    check_event_limit: z.boolean(),
  })
  .catchall(marketLimit)
export type EventsLimit = z.infer<typeof eventsLimit>
export const eventsLimitResponse = ok(eventsLimit)

/**
 * GET /match-center/stats/{eventTypeId}/{eventId} (answer not shown): a scoreboard that works
 * for any sport: one line per side plus free-form facts (overs, run rates, last balls, sets).
 */
export const matchStats = z.object({
  eventId: z.string(),
  eventTypeId: z.string(),
  /** ISO 8601 UTC of the last change */
  updatedAt: z.iso.datetime(),
  teams: z.array(z.object({ name: z.string(), score: z.string() })),
  summary: z.string().nullable(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })),
})
export type MatchStats = z.infer<typeof matchStats>
export const matchStatsResponse = ok(matchStats)

/** POST /match/getTvUrlScoreboardUrl { match_id } (answer not shown): null when not available. */
export const tvUrlRequest = z.strictObject({ match_id: wireId })
export const tvUrlResponse = ok(
  z.object({ tv_url: z.string().nullable(), scoreboard_url: z.string().nullable() }),
)

/**
 * Sport start (path not shown; ours: POST match/sportStart { market_ids }, polled every 30 s):
 * which markets have turned in-play or changed status since the page loaded.
 */
export const sportStartRequest = z.strictObject({
  market_ids: z.array(idText).min(1).max(100),
})
export const sportStartResponse = ok(
  z.array(
    z.object({
      market_id: z.string(),
      status: marketStatus,
      inplay: z.boolean(),
      market_start_time: z.iso.datetime(),
    }),
  ),
)
