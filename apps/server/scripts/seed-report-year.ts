/**
 * Writes a year of history (players, bets, casino rounds, payments, limits) into the PostgreSQL
 * database DATABASE_URL names, migrating it first, for trying the back office's reports on real
 * volumes. Never part of `npm start`. Run: DATABASE_URL=postgres://… npm run seed:year -w apps/server
 */
import { connectDatabase } from '../src/db/connect'
import { migrateToLatest } from '../src/db/migrate'
import { seedReportHistory, YEAR } from '../src/seed/report-history'

const url = process.env.DATABASE_URL
if (!url) {
  console.error('Set DATABASE_URL to the PostgreSQL database to fill.')
  process.exit(1)
}
const db = await connectDatabase({ kind: 'postgres', url })
try {
  await migrateToLatest(db)
  const seeded = await db
    .selectFrom('competitions')
    .select('id')
    .where('id', '=', 'year-cup')
    .executeTakeFirst()
  if (seeded) {
    console.error('This database already holds the year of history.')
    process.exitCode = 1
  } else {
    const started = performance.now()
    await seedReportHistory(db, YEAR, new Date())
    console.log(
      `seeded ${YEAR.days} days in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
  }
} finally {
  await db.destroy()
}
