import {
  REPORT_MAX_DAYS,
  type Report,
  type ReportColumn,
  type ReportKind,
  type ReportQuery,
} from '@backlay/contract/admin-reports'
import { stringify } from 'csv-stringify/sync'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { fail, type Result, success } from '../../result'
import type { OperatorActor } from '../guard'
import type { ReportPage, ReportRow } from './report-definition'
import { addDays, daysRange, indiaDay, scopeFor } from './report-scope'
import { reportOf } from './reports'

const DEFAULT_DAYS = 30

export type ReportFailureCode = 'REPORT.INVALID'

interface Resolved {
  rows: ReportRow[]
  total: number
  columns: ReportColumn[]
  from: string
  to: string
}

/** Runs a report for an operator: an agent's are narrowed to its players, the days checked. */
export function reportService(db: Kysely<Database>, now: () => number) {
  const run = async (
    actor: OperatorActor,
    kind: ReportKind,
    query: ReportQuery,
    page?: ReportPage,
  ): Promise<Result<Resolved, ReportFailureCode>> => {
    const to = query.to ?? indiaDay(now())
    const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1))
    if (from > to) return fail('REPORT.INVALID', 'The start date must not be after the end date.')
    if (addDays(from, REPORT_MAX_DAYS) <= to)
      return fail('REPORT.INVALID', `A report covers at most ${REPORT_MAX_DAYS} days.`)
    const scope = scopeFor(actor, query)
    const definition = reportOf(kind, scope)
    const { rows, total } = await definition.run(
      db,
      { scope, range: daysRange(from, to), sportId: query.sportId, marketId: query.marketId },
      page,
    )
    return success({ rows, total, columns: definition.columns, from, to })
  }

  return {
    /** One page of the table. */
    table: (
      actor: OperatorActor,
      kind: ReportKind,
      query: ReportQuery,
    ): Promise<Result<Report, ReportFailureCode>> =>
      run(actor, kind, query, { limit: query.limit, offset: (query.page - 1) * query.limit }),

    /** Every row as CSV, headed by the table's column labels; money in rupees with 2 decimals. */
    async csv(
      actor: OperatorActor,
      kind: ReportKind,
      query: ReportQuery,
    ): Promise<Result<{ csv: string; fileName: string }, ReportFailureCode>> {
      const ran = await run(actor, kind, query)
      if (!ran.ok) return ran
      const { rows, columns, from, to } = ran.value
      const csv = stringify(
        rows.map((row) => columns.map((c) => csvCell(c, row[c.key] ?? null))),
        { header: true, columns: columns.map((c) => c.label) },
      )
      return success({ csv, fileName: `${kind}_${from}_${to}.csv` })
    },
  }
}

const csvCell = (column: ReportColumn, value: ReportRow[string]) =>
  column.type === 'money' && typeof value === 'number' ? value.toFixed(2) : value
