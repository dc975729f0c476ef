import type { ColumnType, Generated } from 'kysely'

type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>
type Timestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
type Json<T> = ColumnType<T, string | null, never>

/** What an operator may do: an admin everything, an agent only its own players. */
export type OperatorRole = 'admin' | 'agent'

/** Append-only (a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>
  actor_id: string
  /** `market.suspend`, `player.credit`, `brand.update`, … */
  action: string
  target_type: string
  target_id: string
  before: Json<unknown>
  after: Json<unknown>
  reason: string | null
  created_at: CreatedAt
}

export type DepositLimitPeriod = 'daily' | 'weekly' | 'monthly'

/** A raised or removed limit waits in `pending_*` until `pending_from` (null: nothing pending). */
export interface DepositLimitTable {
  user_id: string
  period: DepositLimitPeriod
  limit_paise: number | null
  pending_limit_paise: number | null
  pending_from: Timestamp
  updated_at: UpdatedAt
}

export interface PlayerExclusionTable {
  user_id: string
  time_out_until: Timestamp
  self_excluded_until: Timestamp
  self_excluded_permanent: Generated<boolean>
  updated_at: UpdatedAt
}

export type PaymentType = 'DEPOSIT' | 'WITHDRAWAL'
export type PaymentStatus = 'PENDING' | 'APPROVED' | 'REJECTED' | 'CANCELLED'

/** `id` is the reference the player sees (`refrenceNo`); `amount` in paise. */
export interface PaymentRequestTable {
  id: string
  user_id: string
  type: PaymentType
  method: 'UPI' | 'BANK'
  amount: number
  /** Deposit: the UPI / bank reference the player sent. */
  utr: string | null
  /** Withdrawal: where the money goes, account numbers masked. */
  payout_to: string | null
  status: PaymentStatus
  remark: string | null
  created_at: ColumnType<Date, Date | string, never>
  updated_at: ColumnType<Date, Date | string, Date | string>
}

export interface PaymentRequestHistoryTable {
  id: Generated<number>
  request_id: string
  status: PaymentStatus
  by_role: 'player' | 'operator' | 'system'
  actor_id: string | null
  remark: string | null
  at: ColumnType<Date, Date | string, never>
}

export type AlertKind =
  | 'market-exposure'
  | 'player-win-rate'
  | 'player-stake-jump'
  | 'feed-silent'
  | 'settlement-late'

/** A condition an operator watches (migration 0901); `threshold`'s unit depends on `kind`. */
export interface AlertRuleTable {
  id: string
  kind: AlertKind
  threshold: number
  /** Null: every brand. */
  brand_id: string | null
  webhook_url: string | null
  active: Generated<boolean>
  created_by: string
  created_at: CreatedAt
}

/** A time a rule's condition held for one subject; open while `cleared_at` is null. */
export interface AlertFiringTable {
  id: Generated<number>
  rule_id: string
  subject: string
  message: string
  since: ColumnType<Date, Date | string, never>
  cleared_at: Timestamp
  notified_at: Timestamp
}

export interface AdminTables {
  alert_rules: AlertRuleTable
  alert_firings: AlertFiringTable
  audit_log: AuditLogTable
  deposit_limits: DepositLimitTable
  player_exclusions: PlayerExclusionTable
  payment_requests: PaymentRequestTable
  payment_request_history: PaymentRequestHistoryTable
}
