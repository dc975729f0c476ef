/*
 * Three machines on this one (as root): network namespaces backlay-h1..h3 on a bridge, each
 * with etcd, PostgreSQL under Patroni, HAProxy to the primary, a NATS server of a 3-node
 * cluster and a Backlay node, from deploy/ha's files with the addresses filled in (the same
 * files an operator fills for three real machines). `npm run cluster:ha` and the fault tests
 * (*.ha.test.ts) start it.
 */
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const serverDir = resolve(here, '../..')
const root = resolve(serverDir, '../..')
const templates = join(root, 'deploy/ha')
const BASE = process.env.BACKLAY_HA_DIR ?? '/tmp/backlay-ha'
const BRIDGE = 'backlay-br0'
const SUBNET = '10.77.0.0/24'
/**
 * A host of the topology. Each Backlay node has a port of its own (8081–8083), though each is on
 * its own address: a shard lease names its owner by host name and port, and the hosts share
 * this machine's host name.
 */
export type HaHost = {
  name: string
  ns: string
  ip: string
  port: number
  url: string
  data: string
}
/**
 * What a start chose, kept beside the logs (root only): the passwords it made and the Backlay
 * nodes' settings, so a later command (a restore) restarts them alike.
 */
const STATE_FILE = join(BASE, 'topology.json')
type Secrets = { PG_PASSWORD: string; REPL_PASSWORD: string }
type TopologyState = { secrets: Secrets; backlayEnv: Record<string, string> }
function topologyState(): TopologyState {
  if (!existsSync(STATE_FILE))
    throw new Error(`no three-host topology under ${BASE}: npm run cluster:ha`)
  return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as TopologyState
}
/** The backup repository every host's pgBackRest writes to (stands for an NFS share or S3). */
export const BACKUP_REPO = join(BASE, 'backups')

export const hosts: HaHost[] = [1, 2, 3].map((n) => ({
  name: `h${n}`,
  ns: `backlay-h${n}`,
  ip: `10.77.0.1${n}`,
  port: 8080 + n,
  url: `http://10.77.0.1${n}:${8080 + n}`,
  data: join(BASE, `h${n}`),
}))
const PG_BIN = '/usr/lib/postgresql/15/bin'
const NEEDED = [
  '/usr/bin/etcd',
  '/usr/bin/patroni',
  '/usr/sbin/haproxy',
  '/usr/sbin/nats-server',
  '/usr/bin/pgbackrest',
]

export const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: 'pipe' }).toString()
export const quiet = (cmd: string, args: string[]) => {
  try {
    run(cmd, args)
  } catch {
    // Already gone (a stop after a partial start).
  }
}

/** A template of deploy/ha with its ${NAME}s filled. */
function render(file: string, values: Record<string, string>) {
  return readFileSync(join(templates, file), 'utf8').replace(/\$\{(\w+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`${file}: no value for \${${name}}`)
    return value
  })
}

/** The values of deploy/ha's templates for host `h`. */
function configValues(h: HaHost, secrets: Secrets): Record<string, string> {
  return {
    ...secrets,
    SUBNET,
    PG_BIN,
    ETCD_CLUSTER: hosts.map((o) => `${o.name}=http://${o.ip}:2380`).join(','),
    ETCD_HOSTS: hosts.map((o) => `${o.ip}:2379`).join(','),
    NATS_ROUTES: hosts.map((o) => `nats://${o.ip}:6222`).join(', '),
    PATRONI_SERVERS: hosts.map((o) => `  server ${o.name} ${o.ip}:5432 check port 8008`).join('\n'),
    BACKUP_REPO,
    BOOTSTRAP_METHOD: 'initdb',
    RESTORE_TARGET: '',
    HOST: h.name,
    IP: h.ip,
    DATA: h.data,
  }
}

/** Writes a host's patroni.yml again, with `values` for some of its parameters. */
export function writePatroniConfig(h: HaHost, values: Record<string, string> = {}) {
  const file = join(h.data, 'patroni.yml')
  writeFileSync(
    file,
    render('patroni.yml', { ...configValues(h, topologyState().secrets), ...values }),
  )
  run('chown', ['postgres:postgres', file])
}

/** Kills every process of the three hosts and removes their network; the logs stay. */
export function stopTopology() {
  for (const h of hosts) {
    // Every process inside the namespace, whatever started it (PostgreSQL's too).
    const pids = (() => {
      try {
        return run('ip', ['netns', 'pids', h.ns]).split('\n').filter(Boolean)
      } catch {
        return []
      }
    })()
    for (const pid of pids) quiet('kill', ['-KILL', pid])
    quiet('ip', ['netns', 'del', h.ns])
    // A namespace lives on while a process holds it: its link goes with the bridge's side.
    quiet('ip', ['link', 'del', `bl-${h.name}`])
  }
  quiet('ip', ['link', 'del', BRIDGE])
}

function network() {
  run('ip', ['link', 'add', BRIDGE, 'type', 'bridge'])
  run('ip', ['addr', 'add', '10.77.0.1/24', 'dev', BRIDGE])
  run('ip', ['link', 'set', BRIDGE, 'up'])
  for (const h of hosts) {
    run('ip', ['netns', 'add', h.ns])
    run('ip', [
      'link',
      'add',
      `bl-${h.name}`,
      'type',
      'veth',
      'peer',
      'name',
      'eth0',
      'netns',
      h.ns,
    ])
    run('ip', ['link', 'set', `bl-${h.name}`, 'master', BRIDGE, 'up'])
    run('ip', ['-n', h.ns, 'addr', 'add', `${h.ip}/24`, 'dev', 'eth0'])
    run('ip', ['-n', h.ns, 'link', 'set', 'eth0', 'up'])
    run('ip', ['-n', h.ns, 'link', 'set', 'lo', 'up'])
  }
}

/** Starts `cmd` inside host `h`'s namespace (as `user`), its output in `<data>/<log>.log`. */
export function startIn(
  h: (typeof hosts)[number],
  log: string,
  cmd: string[],
  opts: { user?: string; env?: Record<string, string>; cwd?: string } = {},
) {
  const out = openSync(join(h.data, `${log}.log`), 'a')
  const as = opts.user ? ['runuser', '-u', opts.user, '--'] : []
  const child = spawn('ip', ['netns', 'exec', h.ns, ...as, ...cmd], {
    stdio: ['ignore', out, out],
    detached: true,
    cwd: opts.cwd ?? h.data,
    env: { ...process.env, ...opts.env },
  })
  // It outlives the command that started it (a restore's): stopTopology ends it.
  child.unref()
  return child
}

async function until(what: string, ok: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await ok().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${what}: not up after ${timeoutMs / 1000} s (logs under ${BASE})`)
}

const httpOk = async (url: string) => (await fetch(url)).ok

/**
 * Starts the three hosts; `backlayEnv` adds settings to every Backlay node. Resolves once each
 * node is ready, with the database passwords it made.
 */
export async function startTopology(backlayEnv: Record<string, string> = {}) {
  if (process.getuid?.() !== 0)
    throw new Error('cluster:ha makes network namespaces: run it as root')
  const missing = NEEDED.filter((bin) => !existsSync(bin))
  if (missing.length > 0)
    throw new Error(
      `missing ${missing.join(', ')}: apt-get install -y patroni etcd-server haproxy nats-server pgbackrest`,
    )
  stopTopology()
  // The last start's logs stay beside, for a failure just seen.
  rmSync(`${BASE}.previous`, { recursive: true, force: true })
  if (existsSync(BASE)) renameSync(BASE, `${BASE}.previous`)
  mkdirSync(BASE, { recursive: true })
  network()
  const secrets = {
    PG_PASSWORD: randomBytes(18).toString('base64url'),
    REPL_PASSWORD: randomBytes(18).toString('base64url'),
  }
  const state: TopologyState = { secrets, backlayEnv }
  writeFileSync(STATE_FILE, JSON.stringify(state), { mode: 0o600 })
  mkdirSync(BACKUP_REPO, { recursive: true })
  run('chown', ['postgres:postgres', BACKUP_REPO])
  for (const h of hosts) {
    mkdirSync(join(h.data, 'pgbackrest'), { recursive: true })
    for (const file of ['etcd.yml', 'patroni.yml', 'haproxy.cfg', 'nats.conf', 'pgbackrest.conf'])
      writeFileSync(join(h.data, file), render(file, configValues(h, secrets)))
    run('chown', ['-R', 'postgres:postgres', h.data])
  }

  for (const h of hosts) startIn(h, 'etcd', ['etcd', '--config-file', join(h.data, 'etcd.yml')])
  await until('etcd', () => httpOk(`http://${hosts[0]?.ip}:2379/health`))
  for (const h of hosts)
    startIn(h, 'patroni', ['patroni', join(h.data, 'patroni.yml')], { user: 'postgres' })
  await until('a PostgreSQL primary', async () => {
    const answers = await Promise.all(
      hosts.map((h) => httpOk(`http://${h.ip}:8008/primary`).catch(() => false)),
    )
    return answers.includes(true)
  })
  for (const h of hosts) {
    startIn(h, 'haproxy', ['haproxy', '-db', '-f', join(h.data, 'haproxy.cfg')])
    startIn(h, 'nats', ['nats-server', '-c', join(h.data, 'nats.conf')])
  }
  const first = hosts[0]
  if (!first) throw new Error('no hosts')
  const psql = (sql: string) =>
    run('ip', [
      'netns',
      'exec',
      first.ns,
      'env',
      `PGPASSWORD=${secrets.PG_PASSWORD}`,
      `${PG_BIN}/psql`,
      '-h',
      '127.0.0.1',
      '-p',
      '5000',
      '-U',
      'postgres',
      '-tAc',
      sql,
    ])
  // The primary may still restart once after its bootstrap: every step is retried.
  const exists = "select 1 from pg_database where datname = 'backlay'"
  await until('the backlay database', async () => {
    if (psql(exists).trim() !== '1') psql('create database backlay')
    return psql(exists).trim() === '1'
  })
  // The backup repository's stanza, once: from now on the primary archives its WAL there.
  await until('the backup stanza', async () => {
    const answers = await Promise.all(
      hosts.map((h) => httpOk(`http://${h.ip}:8008/primary`).catch(() => false)),
    )
    const primary = hosts[answers.indexOf(true)]
    if (!primary) return false
    pgbackrest(primary, ['stanza-create'])
    return true
  })
  for (const h of hosts) startBacklay(h)
  for (const h of hosts)
    await until(`Backlay on ${h.name}`, () => httpOk(`${h.url}/health/ready`), 120_000)
  return { secrets }
}

/** Runs pgBackRest on host `h` (as postgres, with the host's pgbackrest.conf); its output. */
export const pgbackrest = (h: HaHost, args: string[]) =>
  run('ip', [
    'netns',
    'exec',
    h.ns,
    'runuser',
    '-u',
    'postgres',
    '--',
    'pgbackrest',
    `--config=${join(h.data, 'pgbackrest.conf')}`,
    '--stanza=backlay',
    ...args,
  ])

/** Starts the host's Backlay node, with the settings its topology was started with. */
export function startBacklay(h: HaHost) {
  const { secrets, backlayEnv } = topologyState()
  startIn(h, 'backlay', [process.execPath, '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      NODE_ENV: 'production',
      HOST: h.ip,
      PORT: String(h.port),
      DATA_DIR: join(h.data, 'backlay'),
      DATABASE_URL: `postgres://postgres:${secrets.PG_PASSWORD}@127.0.0.1:5000/backlay`,
      NATS_URL: hosts.map((o) => `nats://${o.ip}:4222`).join(','),
      JWT_SECRET: secrets.PG_PASSWORD.repeat(2),
      CASINO_WALLET_SECRET: secrets.REPL_PASSWORD.repeat(2),
      ...backlayEnv,
    },
  })
}
