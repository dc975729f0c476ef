import { z } from 'zod'
import { ok } from './envelope'

/**
 * How far a replay of Betfair files has got and what it could not read (FEED=betfair-replay):
 * the log, /health/ready and the back office show it.
 */
export const replayReport = z.object({
  files: z.number().int(),
  /** Bytes of every file as stored (compressed), and how many of them have been read. */
  bytes: z.number().int(),
  bytesRead: z.number().int(),
  /** Lines read, blank ones aside. */
  lines: z.number().int(),
  /** Markets seen in the files, carried or not. */
  markets: z.number().int(),
  /** Lines that could not be read, by reason; a skipped line never stops the replay. */
  skipped: z.record(z.string(), z.number().int()),
  finished: z.boolean(),
})
export type ReplayReport = z.infer<typeof replayReport>

/** The feed adapters, as `FEED` names them. */
export const feedKind = z.enum(['simulator', 'betfair-stream', 'betfair-replay'])
export type FeedKind = z.infer<typeof feedKind>

/**
 * Where a feed stands: the simulator runs; the live stream is connected (authenticated and
 * subscribed) or connecting (between attempts, with back-off); a replay is playing or finished.
 */
export const feedState = z.enum(['running', 'connected', 'connecting', 'playing', 'finished'])
export type FeedState = z.infer<typeof feedState>

/** GET /api/v1/admin/feed: the operator's view of the market feed; `data` null when FEED=off. */
export const feedStatus = z.object({
  kind: feedKind,
  /** What it reads: the simulator's seed, the stream's host and port, the replay's files. */
  source: z.string(),
  state: feedState,
  /** Epoch ms of the last message (a replay: its clock, the recording's time moved to now). */
  lastMessageAt: z.number().int().nullable(),
  /** Seconds from the last message to now; null for a replay, whose clock runs at its own speed. */
  lagSeconds: z.number().nullable(),
  /** Markets of the catalogue not yet closed. */
  openMarkets: z.number().int(),
  replay: replayReport.optional(),
})
export type FeedStatus = z.infer<typeof feedStatus>
export const feedStatusResponse = ok(feedStatus.nullable())
