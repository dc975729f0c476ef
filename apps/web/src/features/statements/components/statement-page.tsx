import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { RequireLogin } from '../../auth/components/require-login'
import styles from './statements.module.css'

export interface Column<T> {
  key: string
  header: string
  cell: (row: T) => ReactNode
  numeric?: boolean
}

interface StatementPageProps<T> {
  title: string
  filters?: ReactNode
  columns: Column<T>[]
  rows: T[] | undefined
  rowKey: (row: T) => string
  loading: boolean
  failed: boolean
  emptyText: string
  paging?: { page: number; limit: number; total: number; onPage: (page: number) => void }
  children?: ReactNode
}

/** The frame every statement and list page shares: title, filters, a table, paging. */
export function StatementPage<T>(props: StatementPageProps<T>) {
  return (
    <RequireLogin>
      <StatementBody {...props} />
    </RequireLogin>
  )
}

function StatementBody<T>({
  title,
  filters,
  columns,
  rows,
  rowKey,
  loading,
  failed,
  emptyText,
  paging,
  children,
}: StatementPageProps<T>) {
  const { t } = useTranslation()
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {filters ? <div className={styles.filters}>{filters}</div> : null}
      {children}
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={c.numeric ? styles.numeric : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td
                    key={c.key}
                    className={c.numeric ? styles.numeric : undefined}
                    data-label={c.header}
                  >
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {loading && !rows ? <p className={styles.notice}>{t('statements.loading')}</p> : null}
        {failed ? (
          <p className={styles.notice} role="alert">
            {t('statements.failed')}
          </p>
        ) : null}
        {rows && rows.length === 0 ? <p className={styles.notice}>{emptyText}</p> : null}
      </div>
      {paging && paging.total > paging.limit ? (
        <nav className={styles.paging} aria-label={t('statements.pages')}>
          <button
            type="button"
            disabled={paging.page <= 1}
            onClick={() => paging.onPage(paging.page - 1)}
          >
            {t('statements.previous')}
          </button>
          <span>{t('statements.pageOf', { page: paging.page, pages })}</span>
          <button
            type="button"
            disabled={paging.page >= pages}
            onClick={() => paging.onPage(paging.page + 1)}
          >
            {t('statements.next')}
          </button>
        </nav>
      ) : null}
    </section>
  )
}

/** From and to days of a list's filter. */
export function DayRange({
  range,
  onChange,
}: {
  range: { fromDay: string; toDay: string }
  onChange: (r: { fromDay: string; toDay: string }) => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <label className={styles.filter}>
        {t('statements.from')}
        <input
          type="date"
          value={range.fromDay}
          max={range.toDay}
          onChange={(e) => e.target.value && onChange({ ...range, fromDay: e.target.value })}
        />
      </label>
      <label className={styles.filter}>
        {t('statements.to')}
        <input
          type="date"
          value={range.toDay}
          min={range.fromDay}
          onChange={(e) => e.target.value && onChange({ ...range, toDay: e.target.value })}
        />
      </label>
    </>
  )
}
