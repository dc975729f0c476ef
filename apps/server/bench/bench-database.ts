import pg from 'pg'

/**
 * Runs `work` on a fresh database of the PostgreSQL server at `adminUrl`, named `prefix` and the
 * time, and drops it afterwards whatever happened.
 */
export async function withBenchDatabase<T>(
  adminUrl: string,
  work: (url: string) => Promise<T>,
  prefix = 'backlay_bench',
): Promise<T> {
  const name = `${prefix}_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  try {
    return await work(url.toString())
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
  }
}
