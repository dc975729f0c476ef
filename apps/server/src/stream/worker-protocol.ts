import type { SessionClaims } from '../auth/tokens'
import type { Failure, Result } from '../result'
import type { FancyImage, LadderImage, MarketImage } from './images'

/**
 * What the stream needs from the rest of the server: images, token and session checks. A stream
 * worker process asks the server process for them, one request and one answer matched by `id`.
 */
export interface StreamCalls {
  marketImage(marketId: string): Promise<MarketImage | null>
  fancyImage(matchId: string): Promise<FancyImage | null>
  ladderImage(marketId: string): Promise<LadderImage | null>
  verifyToken(token: string): Promise<Result<SessionClaims & { expiresAt: number }>>
  checkSession(claims: SessionClaims): Promise<Failure | null>
}

export type CallName = keyof StreamCalls
export const CALL_NAMES = [
  'marketImage',
  'fancyImage',
  'ladderImage',
  'verifyToken',
  'checkSession',
] as const satisfies readonly CallName[]

/** An upgrade request as the worker needs it to finish the WebSocket handshake itself. */
export interface UpgradeRequest {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
}

export interface WorkerSettings {
  heartbeatMs: number
  maxBufferedBytes: number
  logLevel: string
}

/**
 * Server process → worker. An `upgrade` comes with the connection's socket as its handle;
 * `goodbye` closes every connection (1001), `exit` ends the worker.
 */
export type ToWorker =
  | { kind: 'start'; settings: WorkerSettings }
  | { kind: 'upgrade'; request: UpgradeRequest; head: string }
  | { kind: 'message'; channel: string; message: unknown }
  | { kind: 'answer'; id: number; ok: true; value: unknown }
  | { kind: 'answer'; id: number; ok: false; error: string }
  | { kind: 'goodbye' }
  | { kind: 'exit' }

/** Worker → server process. */
export type FromWorker =
  | { kind: 'subscribe'; channel: string }
  | { kind: 'unsubscribe'; channel: string }
  | { kind: 'call'; id: number; name: CallName; arg: unknown }
