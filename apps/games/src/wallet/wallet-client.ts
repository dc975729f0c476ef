import {
  type AuthenticateRequest,
  authenticateResponse,
  balanceResponse,
  type CasinoWalletErrorCode,
  type CreditRequest,
  casinoWalletFailure,
  casinoWalletRoutes,
  type DebitRequest,
  type MovementResult,
  movementResponse,
  type RollbackRequest,
  type WalletPlayer,
} from '@backlay/contract/casino-wallet'
import { casinoCallHeaders } from '@backlay/contract/casino-wallet-signature'
import type { z } from 'zod'

export type WalletFailureCode = CasinoWalletErrorCode | 'CASINO_WALLET.UNREACHABLE'
export type WalletResult<T> =
  | { ok: true; data: T }
  | { ok: false; code: WalletFailureCode; msg: string }

export type WalletClientOptions = {
  baseUrl: string
  secret: string
  /** attempts per call; every retry sends the identical body (same transaction id), signed anew */
  attempts?: number
  timeoutMs?: number
  backoffMs?: (attempt: number) => number
}

/**
 * Client of the Backlay server's casino wallet. Network errors, timeouts and 5xx answers are
 * retried with the same body, which the wallet answers idempotently; 4xx answers are final.
 */
export const createWalletClient = (options: WalletClientOptions) => {
  const attempts = options.attempts ?? 4
  const timeoutMs = options.timeoutMs ?? 3000
  const backoffMs = options.backoffMs ?? ((attempt: number) => 100 * 2 ** attempt)

  const call = async <S extends z.ZodType<{ status: true; data: unknown }>>(
    path: string,
    body: object,
    schema: S,
  ): Promise<WalletResult<z.infer<S>['data']>> => {
    const raw = JSON.stringify(body)
    const url = new URL(path, options.baseUrl)
    let lastError = 'no attempt made'
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)))
      try {
        // A fresh timestamp and nonce each attempt: the wallet refuses a nonce it has seen.
        const signed = casinoCallHeaders(
          options.secret,
          { method: 'POST', path: url.pathname + url.search, body: raw },
          Date.now(),
        )
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...signed },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        })
        if (response.status >= 500) {
          lastError = `HTTP ${response.status}`
          continue
        }
        const json: unknown = await response.json()
        const good = schema.safeParse(json)
        if (response.ok && good.success) return { ok: true, data: good.data.data }
        const bad = casinoWalletFailure.safeParse(json)
        if (bad.success) return { ok: false, code: bad.data.code, msg: bad.data.msg }
        lastError = `unexpected answer HTTP ${response.status}`
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error)
      }
    }
    return { ok: false, code: 'CASINO_WALLET.UNREACHABLE', msg: lastError }
  }

  return {
    authenticate: (req: AuthenticateRequest): Promise<WalletResult<WalletPlayer>> =>
      call(casinoWalletRoutes.authenticate, req, authenticateResponse),
    balance: (playerId: string) => call(casinoWalletRoutes.balance, { playerId }, balanceResponse),
    debit: (req: DebitRequest): Promise<WalletResult<MovementResult>> =>
      call(casinoWalletRoutes.debit, req, movementResponse),
    credit: (req: CreditRequest): Promise<WalletResult<MovementResult>> =>
      call(casinoWalletRoutes.credit, req, movementResponse),
    rollback: (req: RollbackRequest): Promise<WalletResult<MovementResult>> =>
      call(casinoWalletRoutes.rollback, req, movementResponse),
  }
}
export type WalletClient = ReturnType<typeof createWalletClient>
