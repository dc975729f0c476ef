import { z } from 'zod'
import { balance } from './balance'
import { autoCashOutState, orderStatus, selectionPosition } from './bets'
import { runnerDepth } from './ladder'
import { marketStatus, runnerStatus } from './market'
import { detailPriceSize, fancy } from './match-details'
import { decimalOdds, rupees } from './money'
import { flag01, idText } from './wire'

/**
 * WebSocket stream (designed by us; the spec polls). One JSON object per text frame, both
 * ways discriminated on `type`. Public channels: a market id (prices, status, in-play), a
 * match's session lines (`fancy_match_ids`) and a market's every price for a ladder
 * (`ladder_market_ids`). Every public message carries `seq`, +1 per
 * message of that channel; a gap or a reconnect → `resume` with the last seq seen, answered
 * with the missed messages or, when too old, a fresh image. Private messages (orders,
 * positions, balance) follow `auth` and carry no seq: after a reconnect the client refetches
 * open bets and balance over HTTP once. Polling (betting §9) stays available as the fallback.
 */
export const STREAM_PATH = '/api/v1/stream'
/** Both sides send a heartbeat this often; a side that hears nothing for 3 periods closes. */
export const STREAM_HEARTBEAT_MS = 15_000
/** Markets plus fancy matches one connection may follow. */
export const STREAM_MAX_CHANNELS = 100
/** Close codes: the token expired, the peer went silent, the client read too slowly. */
export const STREAM_CLOSE = { authExpired: 4401, idle: 4408, tooSlow: 4429 } as const

const requestId = z.string().min(1).max(64).optional()
const ids = z.array(idText).max(STREAM_MAX_CHANNELS)
const seq = z.number().int().min(0)

// ---- client → server ----

export const authMessage = z.strictObject({
  type: z.literal('auth'),
  id: requestId,
  token: z.string().min(1),
})
export const subscribeMessage = z.strictObject({
  type: z.literal('subscribe'),
  id: requestId,
  market_ids: ids.default([]),
  fancy_match_ids: ids.default([]),
  /** Markets whose every price the client follows (a ladder open): `depth` messages. */
  ladder_market_ids: ids.default([]),
})
export const unsubscribeMessage = subscribeMessage.extend({ type: z.literal('unsubscribe') })
/** Resume after a drop: subscribes again and replays from the seq after each one given. */
export const resumeMessage = z.strictObject({
  type: z.literal('resume'),
  id: requestId,
  markets: z
    .array(z.strictObject({ market_id: idText, seq }))
    .max(STREAM_MAX_CHANNELS)
    .default([]),
  fancies: z
    .array(z.strictObject({ match_id: idText, seq }))
    .max(STREAM_MAX_CHANNELS)
    .default([]),
  ladders: z
    .array(z.strictObject({ market_id: idText, seq }))
    .max(STREAM_MAX_CHANNELS)
    .default([]),
})
export const clientHeartbeat = z.strictObject({ type: z.literal('heartbeat'), id: requestId })

export const clientMessage = z.discriminatedUnion('type', [
  authMessage,
  subscribeMessage,
  unsubscribeMessage,
  resumeMessage,
  clientHeartbeat,
])
export type ClientMessage = z.input<typeof clientMessage>

// ---- server → client ----

const streamRunner = z.object({
  selectionId: z.string(),
  status: runnerStatus,
  availableToBack: z.array(detailPriceSize),
  availableToLay: z.array(detailPriceSize),
  tradedVolume: z.number(),
})

/** Full state of one market, sent after subscribe and whenever a resume is too old. */
export const imageMessage = z.object({
  type: z.literal('image'),
  market_id: z.string(),
  seq,
  status: marketStatus,
  inplay: z.boolean(),
  /** seconds */
  betDelay: z.number().int().min(0),
  runners: z.array(streamRunner),
})

/** Best prices/sizes changed: each side present replaces that side of that runner whole. */
export const pricesMessage = z.object({
  type: z.literal('prices'),
  market_id: z.string(),
  seq,
  runners: z.array(
    streamRunner.pick({ selectionId: true }).extend({
      availableToBack: z.array(detailPriceSize).optional(),
      availableToLay: z.array(detailPriceSize).optional(),
      tradedVolume: z.number().optional(),
    }),
  ),
})

/** New matches on an exchange market, in match order (the price history's changes). */
export const tradesMessage = z.object({
  type: z.literal('trades'),
  market_id: z.string(),
  seq,
  trades: z.array(
    z.object({
      selectionId: z.string(),
      price: decimalOdds,
      size: rupees,
      /** epoch ms */
      at: z.number().int(),
    }),
  ),
})

/** Market status, in-play flag, bet delay or runner statuses changed (only what changed). */
export const statusMessage = z.object({
  type: z.literal('status'),
  market_id: z.string(),
  seq,
  status: marketStatus.optional(),
  inplay: z.boolean().optional(),
  betDelay: z.number().int().min(0).optional(),
  runners: z.array(z.object({ selectionId: z.string(), status: runnerStatus })).optional(),
})

/**
 * A market's every price, on its ladder channel. `image` true: each runner's whole book; else
 * each runner's changed prices only, as Betfair's stream sends them: a level's new size, 0 when
 * nothing is left there (a replayed change says the same again, so it does no harm).
 */
export const depthMessage = z.object({
  type: z.literal('depth'),
  market_id: z.string(),
  seq,
  image: z.boolean(),
  runners: z.array(runnerDepth.partial().required({ selectionId: true })),
})

/** Session lines of a match: `image` true = the whole set, else changed/new lines and removed ids. */
export const fancyMessage = z.object({
  type: z.literal('fancy'),
  match_id: z.string(),
  seq,
  image: z.boolean(),
  fancies: z.array(fancy),
  removed: z.array(z.string()),
})

/** Private: one of the user's orders changed (placed, matched more, cancelled, settled). */
export const orderMessage = z.object({
  type: z.literal('order'),
  bet_id: z.string(),
  market_id: z.string(),
  selection_id: z.string(),
  is_back: flag01,
  odds: decimalOdds,
  status: orderStatus.or(z.literal('SETTLED')),
  matched_stack: rupees,
  unmatched_stack: rupees,
  avg_odds: decimalOdds.nullable(),
})

/** Private: the user's P/L per selection on a market (as bet/getTeamPosition). */
export const positionMessage = z.object({
  type: z.literal('position'),
  market_id: z.string(),
  positions: z.array(selectionPosition),
})

/** Private: the user's automatic cash-out on a market ended: cashed out, failed, or cancelled. */
export const autoCashOutMessage = z.object({
  type: z.literal('autoCashOut'),
  market_id: z.string(),
  state: autoCashOutState.exclude(['ACTIVE']),
  msg: z.string(),
})

/** Private: balance and liability (as user/getBalanceCRef). */
export const balanceMessage = balance.extend({ type: z.literal('balance') })

export const ackMessage = z.object({ type: z.literal('ack'), id: z.string() })
export const streamErrorCode = z.enum([
  'STREAM.BAD_MESSAGE',
  'STREAM.AUTH_FAILED',
  'STREAM.AUTH_EXPIRED',
  'STREAM.TOO_MANY_CHANNELS',
  'STREAM.UNKNOWN_MARKET',
])
export const errorMessage = z.object({
  type: z.literal('error'),
  id: z.string().nullable(),
  code: streamErrorCode,
  msg: z.string(),
})
/** `ts` is the server clock (epoch ms), handy for the header clock's drift. */
export const serverHeartbeat = z.object({ type: z.literal('heartbeat'), ts: z.number().int() })

export const serverMessage = z.discriminatedUnion('type', [
  imageMessage,
  pricesMessage,
  tradesMessage,
  statusMessage,
  fancyMessage,
  depthMessage,
  orderMessage,
  positionMessage,
  balanceMessage,
  autoCashOutMessage,
  ackMessage,
  errorMessage,
  serverHeartbeat,
])
export type ServerMessage = z.infer<typeof serverMessage>
export type ImageMessage = z.infer<typeof imageMessage>
export type PricesMessage = z.infer<typeof pricesMessage>
export type TradesMessage = z.infer<typeof tradesMessage>
export type StatusMessage = z.infer<typeof statusMessage>
export type FancyMessage = z.infer<typeof fancyMessage>
export type DepthMessage = z.infer<typeof depthMessage>
