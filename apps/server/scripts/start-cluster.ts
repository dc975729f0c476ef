// `npm run cluster` at the repository root: a try-out cluster of three Backlay nodes on this
// machine's PostgreSQL and NATS (http://localhost:8081, :8082 and :8083, any of them serves every
// call), with one games server. The nodes share the secrets kept under apps/server/data-cluster.
// DATABASE_URL (default: database `backlay_cluster` of the local PostgreSQL, created if missing)
// and NATS_URL (default nats://127.0.0.1:4222) choose the services. Ctrl-C stops every node, each
// handing its markets over as it goes.
import { join } from 'node:path'
import pg from 'pg'
import { casinoWalletSecret, jwtSecret } from '../src/kept-secrets'
import { repoRoot, startWorkspace, supervisedGroup } from './supervise'

const NODE_PORTS = [8081, 8082, 8083]
const GAMES_PORT = 8090
const env = process.env
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/backlay_cluster'
const dataDir = join(repoRoot, 'apps/server/data-cluster')

/** Creates the cluster's database on its PostgreSQL server when it is not there yet. */
async function ensureDatabase(url: string) {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`)
  } finally {
    await client.end()
  }
}

await ensureDatabase(databaseUrl)
const secrets = {
  DATA_DIR: dataDir,
  JWT_SECRET: env.JWT_SECRET,
  CASINO_WALLET_SECRET: env.CASINO_WALLET_SECRET,
}
const shared = {
  ...env,
  DATABASE_URL: databaseUrl,
  NATS_URL: env.NATS_URL || 'nats://127.0.0.1:4222',
  DATA_DIR: dataDir,
  JWT_SECRET: jwtSecret(secrets),
  CASINO_WALLET_SECRET: casinoWalletSecret(secrets),
  GAMES_ORIGIN: `http://localhost:${GAMES_PORT}`,
}
const origins = NODE_PORTS.map((port) => `http://localhost:${port}`)

// The first node migrates and seeds the fresh database alone; the others join once it answers.
const group = supervisedGroup()
group.add(
  startWorkspace('apps/games', {
    ...shared,
    GAMES_PORT: String(GAMES_PORT),
    BACKLAY_WALLET_URL: `http://127.0.0.1:${NODE_PORTS[0]}`,
    GAMES_FRAME_ANCESTORS: origins.join(' '),
  }),
)
const [first, ...others] = NODE_PORTS
const startNode = (port: number | undefined) =>
  group.add(startWorkspace('apps/server', { ...shared, PORT: String(port) }))
startNode(first)
while (
  !(await fetch(`${origins[0]}/api/v1/server-time`).then(
    (r) => r.ok,
    () => false,
  ))
)
  await new Promise((resolve) => setTimeout(resolve, 500))
for (const port of others) startNode(port)
console.log(`Backlay cluster: ${origins.join(', ')}`)
