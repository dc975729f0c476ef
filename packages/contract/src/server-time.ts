import { z } from 'zod'
import { ok } from './envelope'

/** `GET /api/v1/server-time` → `{ status: true, data: { serverTime, epochMs } }`; serverTime is ISO 8601 UTC. */
export const serverTime = z.object({
  serverTime: z.iso.datetime(),
  epochMs: z.number().int(),
})
export type ServerTime = z.infer<typeof serverTime>

export const serverTimeResponse = ok(serverTime)
export type ServerTimeResponse = z.infer<typeof serverTimeResponse>
