import type { ReportCell, ReportColumn } from '@backlay/contract/admin-reports'
import { paiseToRupees } from '@backlay/contract/money'
import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../../db/schema'
import type { Range } from './ledger-figures'
import type { ReportScope } from './report-scope'

/*
 * How a report is defined: its columns and its SQL, paged in the store. Used by each report
 * (reports.ts, casino-reports.ts).
 */

/** What every report is filtered by; `range` is the India days asked for. */
export interface ReportFilter {
  scope: ReportScope
  range: Range
  sportId?: string | undefined
  marketId?: string | undefined
}

export type ReportRow = Record<string, ReportCell>

export interface ReportPage {
  limit: number
  offset: number
}

export interface ReportDefinition {
  columns: ReportColumn[]
  /** The rows of one page (every row without `page`), in the table's order, and how many in all. */
  run: (
    db: Kysely<Database>,
    filter: ReportFilter,
    page?: ReportPage,
  ) => Promise<{ rows: ReportRow[]; total: number }>
}

/**
 * A report from its SQL: `query` selects one result row per table row, `order` sorts them by
 * its output columns (as `q.<column>`), and the store pages them, so a year of casino rounds
 * never crosses the wire to show fifty.
 */
export function report<R extends object>(spec: {
  columns: ReportColumn[]
  query: (f: ReportFilter) => RawBuilder<R>
  order: RawBuilder<unknown>
  toRow: (raw: R) => ReportRow
}): ReportDefinition {
  return {
    columns: spec.columns,
    run: (db, f, page) =>
      db.transaction().execute(async (trx) => {
        // A year's ledger is hashed and aggregated in memory rather than in batches on disk.
        await sql`set local work_mem = '64MB'`.execute(trx)
        const { rows } = await sql<R & { report_total: number }>`
          select q.*, count(*) over ()::int as report_total from (${spec.query(f)}) q
          order by ${spec.order}
          ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`.execute(trx)
        const beyondTheEnd = rows.length === 0 && page !== undefined && page.offset > 0
        const total = beyondTheEnd
          ? ((
              await sql<{ n: number }>`select count(*)::int as n from (${spec.query(f)}) q`.execute(
                trx,
              )
            ).rows[0]?.n ?? 0)
          : (rows[0]?.report_total ?? 0)
        return { rows: rows.map(spec.toRow), total }
      }),
  }
}

export const col = (
  key: string,
  label: string,
  type: ReportColumn['type'] = 'text',
): ReportColumn => ({
  key,
  label,
  type,
})
export const money = (paise: number | null | undefined) => paiseToRupees(Number(paise ?? 0))
export const time = (at: Date | string | null) => (at ? new Date(at).toISOString() : null)
