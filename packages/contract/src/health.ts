import { z } from 'zod'
import { replayReport } from './feed-report'

/** GET /health/live: the process answers. */
export const liveResponse = z.object({ status: z.literal('ok') })

/**
 * GET /health/ready: 200 when every check passes, 503 otherwise, the same body either way.
 * `feed` is 'off' when no feed ticks by itself (FEED=off, FEED_TICK_MS=0): nothing to be late.
 */
export const readyResponse = z.object({
  ready: z.boolean(),
  checks: z.object({
    store: z.enum(['ok', 'down']),
    migrations: z.enum(['applied', 'pending', 'unknown']),
    feed: z.enum(['fresh', 'stale', 'off']),
  }),
  /** A replay's progress and its skipped lines; a skipped line does not make the server unready. */
  replay: replayReport.optional(),
})
export type ReadyResponse = z.infer<typeof readyResponse>
