import pg from 'pg'

/** The advisory lock that keeps one exchange per database (any number; ours alone). */
const EXCHANGE_LOCK = 0x42_4c_58 // "BLX"

export const CLAIM_MSG = {
  alone:
    'Another Backlay process serves this database. Several processes are one exchange only as a cluster: set NATS_URL on every one of them.',
  cluster:
    'A Backlay process that is not part of a cluster serves this database: stop it, or set NATS_URL on it too.',
} as const

/**
 * Claims a PostgreSQL database for this process's exchange, on a connection held for the
 * process's life: a process alone holds it exclusively, cluster nodes share it. So two processes
 * without NATS_URL never split one market into two exchanges, whose books would never meet: the
 * second refuses to start. The claim ends with the connection, however the process ends.
 */
export async function claimExchange(
  url: string,
  mode: 'alone' | 'cluster',
): Promise<{ release(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url })
  // A connection the server ends must not crash the process (see db/connect.ts).
  client.on('error', () => {})
  await client.connect()
  const lock = mode === 'alone' ? 'pg_try_advisory_lock' : 'pg_try_advisory_lock_shared'
  const { rows } = await client.query<{ claimed: boolean }>(`SELECT ${lock}($1) AS claimed`, [
    EXCHANGE_LOCK,
  ])
  if (!rows[0]?.claimed) {
    await client.end()
    throw new Error(CLAIM_MSG[mode])
  }
  return { release: () => client.end() }
}
