/**
 * The back office's reports over a year of history on PostgreSQL: seeds a fresh database with
 * YEAR (src/seed/report-history.ts), then answers each report's first page for the whole year
 * and the dashboard three times each, printing the times against the 2 s goal and the report
 * indexes the store used. Needs TEST_DATABASE_URL (a PostgreSQL server it may create databases on).
 * Run: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:reports -w apps/server
 */
import { reportKind } from '@backlay/contract/admin-reports'
import { sql } from 'kysely'
import { readDashboard } from '../src/admin/reporting/dashboard'
import { indiaDay } from '../src/admin/reporting/report-scope'
import { reportService } from '../src/admin/reporting/report-service'
import { connectDatabase } from '../src/db/connect'
import { migrateToLatest } from '../src/db/migrate'
import { seedReportHistory, YEAR } from '../src/seed/report-history'
import { withBenchDatabase } from './bench-database'

const GOAL_MS = 2_000
const RUNS = 3
const REPORT_INDEXES = [
  'ledger_transactions_kind_created',
  'bet_orders_placed',
  'bet_orders_market',
  'casino_transactions_created',
  'ledger_entries_transaction',
  'users_created',
]

const adminUrl = process.env.TEST_DATABASE_URL
if (!adminUrl) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server (the reports goal is on PostgreSQL).')
  process.exit(1)
}
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

await withBenchDatabase(
  adminUrl,
  async (url) => {
    const db = await connectDatabase({ kind: 'postgres', url })
    try {
      await migrateToLatest(db)
      const end = new Date()
      const seedMs = await timed(() => seedReportHistory(db, YEAR, end))
      const counts = await sql<{ transactions: number; entries: number; orders: number }>`
        select (select count(*) from ledger_transactions)::int as transactions,
          (select count(*) from ledger_entries)::int as entries,
          (select count(*) from bet_orders)::int as orders`.execute(db)
      console.log(
        `seeded ${YEAR.days} days in ${(seedMs / 1000).toFixed(1)} s: ${JSON.stringify(counts.rows[0])}`,
      )

      const now = end.getTime()
      const reports = reportService(db, () => now)
      const actor = { id: 'bench', userName: 'bench', name: 'Bench', role: 'admin' as const }
      const query = {
        from: indiaDay(now - 364 * 86_400_000),
        to: indiaDay(now),
        page: 1,
        limit: 100,
      }
      let worst = 0
      const line = (label: string, ms: number[], extra = '') => {
        worst = Math.max(worst, ...ms)
        console.log(
          `${label.padEnd(22)} ${ms.map((m) => `${m.toFixed(0).padStart(5)} ms`).join('  ')}${extra}`,
        )
      }
      for (const kind of reportKind.options) {
        const ms: number[] = []
        let total = 0
        for (let i = 0; i < RUNS; i++)
          ms.push(
            await timed(async () => {
              const table = await reports.table(actor, kind, query)
              if (!table.ok) throw new Error(table.msg)
              total = table.value.total
            }),
          )
        line(kind, ms, `   (${total.toLocaleString('en-IN')} rows over the year)`)
      }
      const brands = [{ id: 'year-a', name: 'Year A' }]
      const dashboard: number[] = []
      for (let i = 0; i < RUNS; i++)
        dashboard.push(await timed(() => readDashboard(db, {}, now, brands)))
      line('dashboard (30 days)', dashboard)

      await sql`select pg_stat_force_next_flush()`.execute(db).catch(() => undefined)
      const used = await sql<{ index: string; scans: number }>`
        select indexrelname as index, idx_scan::int as scans from pg_stat_user_indexes
        where indexrelname in (${sql.join(REPORT_INDEXES)}) order by indexrelname`.execute(db)
      console.log(`index scans: ${used.rows.map((r) => `${r.index} ${r.scans}`).join(', ')}`)
      console.log(
        `slowest answer ${worst.toFixed(0)} ms; goal under ${GOAL_MS} ms: ${worst < GOAL_MS ? 'met' : 'NOT met'}`,
      )
    } finally {
      await db.destroy()
    }
  },
  'backlay_bench_reports',
)
