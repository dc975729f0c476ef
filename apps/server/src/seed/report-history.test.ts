import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { indiaDay } from '../admin/reporting/report-scope'
import { reportService } from '../admin/reporting/report-service'
import { commissionAccountId } from '../markets/accounts'
import { openMigratedTestDatabase } from '../test/test-database'
import { seedReportHistory } from './report-history'

const END = new Date('2026-11-25T12:00:00Z')
const SIZE = {
  days: 5,
  players: 40,
  marketsPerDay: 6,
  betsPerMarket: 4,
  casinoRoundsPerDay: 30,
  withdrawalsPerDay: 2,
}
const admin = { id: 'x', userName: 'x', name: 'x', role: 'admin' as const }

describe('the reports bench history', () => {
  let store: Awaited<ReturnType<typeof openMigratedTestDatabase>>
  beforeAll(async () => {
    store = await openMigratedTestDatabase()
    await seedReportHistory(store.db, SIZE, END)
  })
  afterAll(() => store.close())

  it('leaves a ledger whose transactions balance and whose balances are their entries', async () => {
    const unbalanced = await sql<{ n: number }>`
      select count(*)::int as n from (select transaction_id from ledger_entries
        group by transaction_id having sum(amount) <> 0) t`.execute(store.db)
    expect(unbalanced.rows[0]?.n).toBe(0)
    const drifted = await sql<{ n: number }>`
      select count(*)::int as n from ledger_accounts a
      where a.balance <> (select coalesce(sum(amount), 0) from ledger_entries e where e.account_id = a.id)`.execute(
      store.db,
    )
    expect(drifted.rows[0]?.n).toBe(0)
  })

  it('gives reports that add up to the ledger over the whole span', async () => {
    const reports = reportService(store.db, () => END.getTime())
    const query = {
      from: indiaDay(END.getTime() - SIZE.days * 86_400_000),
      to: indiaDay(END.getTime()),
      page: 1,
      limit: 500,
    }
    const markets = await reports.table(admin, 'market-pl', query)
    if (!markets.ok) throw new Error(markets.msg)
    expect(markets.value.total).toBe(SIZE.days * SIZE.marketsPerDay)
    const commission = await store.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', commissionAccountId('real'))
      .executeTakeFirstOrThrow()
    const reported = markets.value.rows.reduce((s, r) => s + Number(r.commission), 0)
    expect(Math.round(reported * 100)).toBe(commission.balance)

    const games = await reports.table(admin, 'casino-games', query)
    if (!games.ok) throw new Error(games.msg)
    expect(games.value.rows.reduce((s, r) => s + Number(r.rounds), 0)).toBe(
      SIZE.days * SIZE.casinoRoundsPerDay,
    )
    const clearing = await store.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', 'house:casino:real')
      .executeTakeFirstOrThrow()
    expect(Math.round(games.value.rows.reduce((s, r) => s + Number(r.ggr), 0) * 100)).toBe(
      clearing.balance,
    )
    const agents = await reports.table(admin, 'agent-commission', query)
    if (!agents.ok) throw new Error(agents.msg)
    expect(agents.value.rows.map((r) => r.agent)).toEqual([
      'yagent1',
      'yagent2',
      'yagent3',
      'yagent4',
      'Direct',
    ])
  })
})
