import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>

/** A one-time launch token (its SHA-256), bound to a player and the game it opens. */
export interface CasinoLaunchTokenTable {
  token_hash: string
  user_id: string
  game: string
  created_at: Generated<Timestamp>
  expires_at: ColumnType<Date, Date | string, Date | string>
  /** Set by the first casino-wallet/authenticate; repeats within the TTL answer the same player. */
  authenticated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** A player's round of a game; a credit settles it, after which no debit, credit or rollback. */
export interface CasinoRoundTable {
  user_id: string
  game_id: string
  round_id: string
  settled: Generated<boolean>
  created_at: Generated<Timestamp>
}

export type CasinoMovementKind = 'debit' | 'credit' | 'rollback'

/** One wallet call that succeeded, keyed by the games server's transaction id. */
export interface CasinoTransactionTable {
  transaction_id: string
  kind: CasinoMovementKind
  user_id: string
  game_id: string
  round_id: string
  /** Paise moved (a rollback records the amount it returned; 0 for a tombstone or a lost round). */
  amount: number
  /** Rollback: the debit it undoes (which may never have arrived: a tombstone). */
  reference_transaction_id: string | null
  /** The request as first received, to tell a true repeat from a reused id. */
  request_fingerprint: string
  /** The player's balance the first answer reported, repeated to duplicates. */
  balance_after: number
  ledger_transaction_id: string | null
  created_at: Generated<Timestamp>
}

/** A signed wallet call's nonce, refused again while its signature could still be fresh. */
export interface CasinoWalletNonceTable {
  nonce: string
  seen_at: Timestamp
}

export interface CasinoTables {
  casino_launch_tokens: CasinoLaunchTokenTable
  casino_rounds: CasinoRoundTable
  casino_transactions: CasinoTransactionTable
  casino_wallet_nonces: CasinoWalletNonceTable
}
