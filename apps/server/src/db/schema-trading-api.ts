import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type MaybeTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>

/** A player's application key for the trading API (migration 1001). */
export interface AppKeyTable {
  app_key: string
  user_id: string
  created_at: Generated<Date>
  last_used_at: MaybeTimestamp
  revoked_at: MaybeTimestamp
}

/** A placeOrders call's customerRef, kept to refuse the same call twice (migration 1001). */
export interface ApiCustomerRefTable {
  user_id: string
  customer_ref: string
  created_at: Timestamp
}

export interface TradingApiTables {
  app_keys: AppKeyTable
  api_customer_refs: ApiCustomerRefTable
}
