import { z } from 'zod'
import { ok } from './envelope'

/**
 * A player's application keys for the trading API (Betfair's X-Application header):
 * POST account/appKeys creates one, GET account/appKeys lists the live ones with their last use,
 * POST account/appKeys/revoke { appKey } ends one.
 */
export const appKey = z.object({
  appKey: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
})
export type AppKey = z.infer<typeof appKey>
export const appKeyResponse = ok(appKey)
export const appKeysResponse = ok(z.array(appKey))
export const revokeAppKeyRequest = z.strictObject({
  appKey: z.string().trim().min(1, 'appKey is required').max(64),
})
