import { z } from 'zod'

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
