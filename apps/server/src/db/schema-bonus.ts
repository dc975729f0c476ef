import type { BonusStatus } from '@backlay/contract/bonus'
import type { ColumnType, Generated } from 'kysely'

/** A bonus awarded to a player (migration 0500); amounts in paise. */
export interface BonusTable {
  id: string
  user_id: string
  name: string
  kind: 'DEPOSIT_MATCH' | 'FREE_BET' | 'CASHBACK' | 'REFERRAL'
  wallet_type: 'sports_bonus' | 'casino_bonus'
  amount: number
  wagering_required: number
  wagering_completed: Generated<number>
  status: Generated<BonusStatus>
  awarded_at: ColumnType<Date, Date | string, never>
  expires_at: ColumnType<Date | null, Date | string | null, Date | string | null>
}

export interface BonusTables {
  bonuses: BonusTable
}
