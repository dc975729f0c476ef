import { z } from 'zod'

/**
 * Seamless casino wallet: the game server (apps/games) never holds player money. It calls these
 * routes on the Backlay server, which moves the money through its double-entry ledger.
 *
 * Routes (all `POST`, JSON body, on the Backlay server):
 *   /api/v1/casino-wallet/authenticate  launch token → player, currency, balance (consumes the token)
 *   /api/v1/casino-wallet/balance       player → balance
 *   /api/v1/casino-wallet/debit         stake of a bet leaves the player's balance
 *   /api/v1/casino-wallet/credit        win of a round (amount 0 closes a lost round)
 *   /api/v1/casino-wallet/rollback      undo a debit (a bet the game could not accept)
 *
 * Signature: see ./casino-wallet-signature.ts. Every call carries a timestamp, a nonce and an
 * HMAC-SHA256 over method, path, timestamp, nonce and the exact raw body, made with the shared
 * secret CASINO_WALLET_SECRET. The receiver verifies it over the raw bytes before parsing and
 * refuses a missing or wrong signature, a call older than 30 s and a nonce it has seen: 401
 * `CASINO_WALLET.INVALID_SIGNATURE`.
 *
 * Idempotency: every money call carries a `transactionId` unique per movement. A repeated call with
 * the same id and the same body returns the first answer (same `balance`, `duplicate: true`) and moves
 * no money; the same id with a different body → 409 `CASINO_WALLET.DUPLICATE_TRANSACTION`. The game
 * server therefore retries a timed-out call with the very same body (signed anew). Concurrent duplicates must also
 * move money once (a unique key on the transaction id in the same DB transaction as the ledger rows).
 *
 * Rollback of a debit the wallet never saw succeeds (nothing to undo) and leaves a tombstone, so a
 * late-arriving debit with that id is refused with `CASINO_WALLET.TRANSACTION_ROLLED_BACK`: a debit
 * that timed out on the game side can always be made safe by rolling it back.
 *
 * Amounts and balances are integer paise. Success: `{ status: true, data }`; failure: HTTP 4xx +
 * `{ status: false, msg, code }` (see `casinoWalletErrors`).
 */
export const CASINO_WALLET_SIGNATURE_HEADER = 'x-backlay-signature'
export const CASINO_WALLET_BASE_PATH = '/api/v1/casino-wallet'

export const casinoWalletRoutes = {
  authenticate: `${CASINO_WALLET_BASE_PATH}/authenticate`,
  balance: `${CASINO_WALLET_BASE_PATH}/balance`,
  debit: `${CASINO_WALLET_BASE_PATH}/debit`,
  credit: `${CASINO_WALLET_BASE_PATH}/credit`,
  rollback: `${CASINO_WALLET_BASE_PATH}/rollback`,
} as const

/** Stable codes with the HTTP status each one is answered with. */
export const casinoWalletErrors = {
  'CASINO_WALLET.INVALID_SIGNATURE': { http: 401, msg: 'Invalid signature.' },
  'CASINO_WALLET.INVALID_REQUEST': { http: 400, msg: 'Invalid request.' },
  'CASINO_WALLET.UNKNOWN_TOKEN': { http: 401, msg: 'Unknown, used or expired launch token.' },
  'CASINO_WALLET.UNKNOWN_PLAYER': { http: 404, msg: 'Unknown player.' },
  'CASINO_WALLET.PLAYER_BLOCKED': { http: 403, msg: 'Player may not play casino games.' },
  'CASINO_WALLET.INSUFFICIENT_FUNDS': { http: 409, msg: 'Insufficient funds.' },
  'CASINO_WALLET.DUPLICATE_TRANSACTION': {
    http: 409,
    msg: 'Transaction id already used with a different request.',
  },
  'CASINO_WALLET.UNKNOWN_ROUND': { http: 409, msg: 'No bet was placed in this round.' },
  'CASINO_WALLET.TRANSACTION_ROLLED_BACK': { http: 409, msg: 'Transaction was rolled back.' },
  'CASINO_WALLET.ROUND_SETTLED': { http: 409, msg: 'Round is already settled.' },
} as const
export type CasinoWalletErrorCode = keyof typeof casinoWalletErrors
export const casinoWalletErrorCode = z.enum(
  Object.keys(casinoWalletErrors) as [CasinoWalletErrorCode, ...CasinoWalletErrorCode[]],
)

const paise = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)
const positivePaise = paise.min(1)
const id = z.string().min(1).max(128)

/** Players, games and rounds are named by opaque strings; rounds are unique per game. */
const movement = {
  transactionId: id,
  playerId: id,
  gameId: id,
  roundId: id,
}

export const authenticateRequest = z.object({ token: z.string().min(16).max(256), gameId: id })
export type AuthenticateRequest = z.infer<typeof authenticateRequest>

export const walletPlayer = z.object({
  playerId: id,
  displayName: z.string(),
  currency: z.literal('INR'),
  balance: paise,
})
export const authenticateResponse = z.object({ status: z.literal(true), data: walletPlayer })
export type WalletPlayer = z.infer<typeof walletPlayer>

export const balanceRequest = z.object({ playerId: id })
export const balanceResponse = z.object({
  status: z.literal(true),
  data: z.object({ balance: paise, currency: z.literal('INR') }),
})

/** A bet: `amount` paise leave the player's available balance. */
export const debitRequest = z.object({ ...movement, amount: positivePaise })
export type DebitRequest = z.infer<typeof debitRequest>

/** A round's win (0 = the round was lost); settles the round, which must hold a debit of this player. */
export const creditRequest = z.object({ ...movement, amount: paise })
export type CreditRequest = z.infer<typeof creditRequest>

/** Undo the debit `referenceTransactionId` (its full amount goes back to the player). */
export const rollbackRequest = z.object({ ...movement, referenceTransactionId: id })
export type RollbackRequest = z.infer<typeof rollbackRequest>

export const movementResult = z.object({
  transactionId: id,
  balance: paise,
  currency: z.literal('INR'),
  /** true when this answer repeats the first result of the same transaction id */
  duplicate: z.boolean(),
})
export type MovementResult = z.infer<typeof movementResult>
export const movementResponse = z.object({ status: z.literal(true), data: movementResult })

export const casinoWalletFailure = z.object({
  status: z.literal(false),
  msg: z.string(),
  code: casinoWalletErrorCode,
})
export type CasinoWalletFailure = z.infer<typeof casinoWalletFailure>
