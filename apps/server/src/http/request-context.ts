import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

/** The header a caller (or a proxy in front) may set to name its request; we answer with it. */
export const REQUEST_ID_HEADER = 'x-request-id'
/** What we accept from a caller as a request id: short and plain, so logs stay clean. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** The request id for a call: the caller's, when it is a plain short token, else a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER]
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID()
}

const storage = new AsyncLocalStorage<{ requestId: string }>()

/** Runs `next` (the rest of a request's hooks and its handler) as the named request. */
export function runAsRequest(requestId: string, next: () => void): void {
  storage.run({ requestId }, next)
}

/**
 * The id of the request the caller works for; null in background work (feed, settlement,
 * market maker). Work shared by several requests (a group commit) must carry each one's id
 * itself instead.
 */
export const currentRequestId = (): string | null => storage.getStore()?.requestId ?? null
