import type { ReportCell, ReportColumn, ReportKind } from '@backlay/contract/admin-reports'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatRupees, formatTime } from '../../../lib/format'
import { type ReportFilters, useReport } from '../api/reports'

const show = (column: ReportColumn, value: ReportCell) => {
  if (value === null || value === '') return '—'
  if (column.type === 'money' && typeof value === 'number')
    return <span className={value < 0 ? 'loss' : undefined}>{formatRupees(value)}</span>
  if (column.type === 'time' && typeof value === 'string') return formatTime(value)
  return String(value)
}

const numeric = (column: ReportColumn) => column.type === 'money' || column.type === 'int'

/** One page of a report, laid out by the columns the server names. */
export function ReportTable(props: {
  kind: ReportKind
  filters: ReportFilters
  page: number
  limit: number
  children: (total: number) => ReactNode
}) {
  const { t } = useTranslation()
  const report = useReport(props.kind, props.filters, props.page, props.limit)
  if (report.error)
    return (
      <p role="alert" className="error">
        {report.error.message}
      </p>
    )
  const data = report.data?.data
  if (!data)
    return (
      <div className="skeleton report-skeleton" aria-busy="true">
        {t('shell.loading')}
      </div>
    )
  return (
    <div className="card">
      <p className="muted">
        {t('reports.rows', { count: data.total, from: data.from, to: data.to })}
      </p>
      <div className="scroll-x">
        <table className="grid report" aria-busy={report.isFetching}>
          <thead>
            <tr>
              {data.columns.map((c) => (
                <th key={c.key} className={numeric(c) ? 'num' : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              // A report's rows are distinct by their grouping columns, so a row is its own key.
              <tr key={JSON.stringify(row)}>
                {data.columns.map((c) => (
                  <td key={c.key} className={numeric(c) ? 'num nowrap' : undefined}>
                    {show(c, row[c.key] ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.rows.length === 0 && <p>{t('reports.none')}</p>}
      {props.children(data.total)}
    </div>
  )
}
