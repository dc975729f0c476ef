import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LOGIN_BASIC_AUTHORIZATION, loginResponse } from '@backlay/contract/auth'
import getPort from 'get-port'
import { type Kysely, sql } from 'kysely'
import { expect } from 'vitest'
import { createTokenService } from '../auth/tokens'
import { systemClock } from '../clock'
import { connectDatabase } from '../db/connect'
import { catalogRepository } from '../db/repositories/catalog'
import type { Database } from '../db/schema'
import { LIMITS, MAX_PROFIT } from '../feed/market-limits'
import { balanceOf, userCashAccountId } from '../ledger/ledger'
import { exposureAccountId } from '../markets/accounts'
import { loadMarketState, requiredExposure } from '../markets/market-state'
import { newPlayer } from '../markets/test-support'
import { DEV_PLAYER_FUNDS } from '../seed/seed-dev-data'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { SHARD_COUNT, shardOf } from './shards'

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '../..')
const READY_TIMEOUT_MS = 120_000
/** How long a load balancer takes a node out of rotation before it is stopped. */
const DRAIN_MS = 500
export const NATS_URL = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A Backlay node as the tests call it over HTTP: a POST of the API, and a dev player's login.
 * `headers` go with every call (a host name that picks the dev brand).
 */
export class ApiNode {
  /** Out of rotation (frozen, stopping): a load sends it nothing new. */
  paused = false
  constructor(
    readonly name: string,
    readonly url: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get alive() {
    return true
  }

  /** A POST of the API; the answer's status and body, or status 0 when nothing answered. */
  post(path: string, body: unknown, token?: string) {
    return this.call('POST', path, { body, token })
  }

  /**
   * A call of the API with `headers` of its own; status 0 when nothing answered within
   * `timeoutMs` (the outcome unknown to the caller, as a client's timeout leaves it).
   */
  async call(
    method: 'GET' | 'POST',
    path: string,
    opts: { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number },
  ) {
    try {
      const res = await fetch(`${this.url}/api/v1/${path}`, {
        method,
        headers: {
          ...this.headers,
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...opts.headers,
        },
        ...(method === 'POST' ? { body: JSON.stringify(opts.body) } : {}),
        ...(opts.timeoutMs ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
      })
      return { status: res.status, body: (await res.json()) as Record<string, unknown> }
    } catch {
      return { status: 0, body: {} as Record<string, unknown> }
    }
  }

  async login(userName: string) {
    const res = await fetch(`${this.url}/api/v1/user/userLogin`, {
      method: 'POST',
      headers: {
        ...this.headers,
        authorization: LOGIN_BASIC_AUTHORIZATION,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        user_name: userName,
        password: 'Password1',
        grant_type: 'password',
      }),
    })
    const login = loginResponse.parse(await res.json())
    return { token: login.data.access_token ?? '', userId: login.data._id }
  }
}

/** A server process of the test's cluster: its address, its log so far, and signals. */
export class ClusterNode extends ApiNode {
  log = ''
  private constructor(
    name: string,
    url: string,
    readonly child: ChildProcess,
  ) {
    super(name, url)
    child.stdout?.on('data', (chunk: Buffer) => {
      this.log += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      this.log += chunk.toString()
    })
  }

  static async start(name: string, env: Record<string, string>): Promise<ClusterNode> {
    const port = await getPort({ host: '127.0.0.1' })
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: mkdtempSync(join(tmpdir(), `backlay-${name}-`)),
        RATE_LIMIT_PER_SESSION: '1000000000',
        RATE_LIMIT_PER_ADDRESS: '1000000000',
        // Each node's Exchange Stream API on a port of its own.
        BETFAIR_STREAM_PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    // The dev players belong to the `localhost` brand, picked by host name.
    const node = new ClusterNode(name, `http://localhost:${port}`, child)
    const deadline = Date.now() + READY_TIMEOUT_MS
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${name} exited: ${node.log.slice(-4000)}`)
      const ready = await fetch(`${node.url}/api/v1/server-time`).then(
        (r) => r.ok,
        () => false,
      )
      if (ready) return node
      if (Date.now() > deadline) throw new Error(`${name} did not start: ${node.log.slice(-4000)}`)
      await sleep(200)
    }
  }

  /** Whether a node id of the lease table is this process's (host:port/random). */
  is(nodeId: string | null | undefined) {
    return nodeId?.split('/')[0]?.endsWith(`:${new URL(this.url).port}`) ?? false
  }

  freeze() {
    this.paused = true
    this.child.kill('SIGSTOP')
  }

  thaw() {
    this.child.kill('SIGCONT')
    this.paused = false
  }

  override get alive() {
    return this.child.exitCode === null && this.child.signalCode === null
  }

  /**
   * Takes the node out of rotation as a load balancer would (no new requests, a moment for those
   * on their way), then SIGTERM, and waits for it to have handed over and exited.
   */
  async stop(): Promise<void> {
    if (!this.alive) return
    this.paused = true
    await sleep(DRAIN_MS)
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.child.kill('SIGTERM')
    await exited
  }

  async kill(): Promise<void> {
    if (!this.alive) return
    const exited = new Promise((resolve) => this.child.once('exit', resolve))
    this.child.kill('SIGKILL')
    await exited
  }
}

/**
 * A cluster on a fresh PostgreSQL database of TEST_DATABASE_URL and the machine's NATS: nodes
 * share the database, NATS and the token secret; the feed is off, so the test's own market is
 * quoted by players alone.
 */
export class TestCluster {
  readonly nodes: ClusterNode[] = []
  private constructor(
    private readonly database: TestDatabase,
    readonly db: Kysely<Database>,
    private readonly env: Record<string, string>,
  ) {}

  static async create(): Promise<TestCluster> {
    const database = await createTestDatabase()
    if (database.target.kind !== 'postgres') throw new Error('a cluster needs TEST_DB=postgres')
    const db = await connectDatabase(database.target)
    return new TestCluster(database, db, {
      DATABASE_URL: database.target.url,
      NATS_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      FEED: 'off',
    })
  }

  /** A fresh cluster of nodes named `names`, every shard held among them. */
  static async of(...names: string[]): Promise<TestCluster> {
    const cluster = await TestCluster.create()
    // Side by side: each start is mostly the app's import, seconds of one core each.
    cluster.nodes.push(
      ...(await Promise.all(names.map((name) => ClusterNode.start(name, cluster.env)))),
    )
    await cluster.settled(cluster.nodes)
    return cluster
  }

  async start(name: string): Promise<ClusterNode> {
    const node = await ClusterNode.start(name, this.env)
    this.nodes.push(node)
    return node
  }

  /** Every shard held by a live node, and each live node holding its share. */
  async settled(live: readonly ClusterNode[], timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const owners = await this.db
        .selectFrom('shard_leases')
        .select(['owner'])
        .where('expires_at', '>', new Date())
        .where('owner', 'is not', null)
        .execute()
      const nodes = await this.db.selectFrom('cluster_nodes').select('node_id').execute()
      const distinct = new Set(owners.map((o) => o.owner))
      if (
        owners.length === SHARD_COUNT &&
        distinct.size === live.length &&
        nodes.length >= live.length
      )
        return
      if (Date.now() > deadline)
        throw new Error(
          `cluster did not settle: ${owners.length} shards held by ${distinct.size}\n${live
            .map((n) => `${n.name}: ${n.log.slice(-2_000)}`)
            .join('\n')}`,
        )
      await sleep(200)
    }
  }

  /**
   * A football match odds market of two runners, open, pre-play, without a bet delay or prices
   * of a feed: only players' orders make its book. `name` picks its ids.
   */
  /** A football match-odds market of the test's own (see openTestMarket). */
  openMarket(name: string) {
    return openTestMarket(this.db, name)
  }

  private owned = 0
  /** A new market of the test's (see openMarket) whose shard `owner` holds. */
  async marketOwnedBy(owner: ClusterNode) {
    for (;;) {
      const market = await this.openMarket(`owned${this.owned++}`)
      if (owner.is((await this.leaseOf(market.marketId))?.owner)) return market
    }
  }

  /** Funded players of the `localhost` brand with session tokens every node accepts. */
  async newPlayers(count: number, rupees: number) {
    const tokens = createTokenService({
      secret: this.env.JWT_SECRET ?? '',
      ttlSeconds: 86_400,
      clock: systemClock,
    })
    const players = []
    for (let i = 0; i < count; i++)
      players.push(await newPlayer({ db: this.db, tokens }, { rupees }))
    return players
  }

  /** The owner and epoch of a market's shard now. */
  async leaseOf(marketId: string) {
    return this.db
      .selectFrom('shard_leases')
      .select(['owner', 'epoch'])
      .where('shard', '=', shardOf(marketId))
      .executeTakeFirst()
  }

  async close() {
    await Promise.all(this.nodes.map((n) => n.kill()))
    await this.db.destroy()
    await this.database.drop()
  }
}

/** A node a load sends bets to: a process of the test's cluster, or a host's (ha-topology.ts). */
export type LoadNode = Pick<ApiNode, 'name' | 'alive' | 'paused' | 'post' | 'call'>

/** One placement of a load: which node took it, when, and what it answered. */
export interface Placement {
  node: string
  startedAt: number
  endedAt: number
  status: number
  betId: string | undefined
  code: string | undefined
}

/**
 * Players placing ₹10 bets on one runner at 2.00 without pause, `workers` at a time spread over
 * the live nodes (as a load balancer would): odd workers back as one player, even ones lay as the
 * other, so the bets keep matching each other. A node that stops answering is left for the others.
 */
export class BetLoad {
  readonly placements: Placement[] = []
  private running = true
  private readonly done: Promise<void>[] = []

  constructor(
    nodes: () => readonly LoadNode[],
    market: { marketId: string; selectionIds: string[] },
    players: readonly { token: string }[],
    workers = 4,
  ) {
    for (let w = 0; w < workers; w++) {
      const player = players[w % players.length]
      this.done.push(
        (async () => {
          for (let n = w; this.running; n++) {
            const live = nodes().filter((node) => node.alive && !node.paused)
            const node = live[n % live.length]
            if (!node || !player) return
            const startedAt = Date.now()
            const res = await node.post(
              'bet/saveBet',
              {
                is_back: w % 2,
                market_id: market.marketId,
                odds: 2,
                selection_id: market.selectionIds[0],
                stack: 10,
              },
              player.token,
            )
            const data = res.body.data as { bet_id?: string } | undefined
            this.placements.push({
              node: node.name,
              startedAt,
              endedAt: Date.now(),
              status: res.status,
              betId: res.status === 200 ? data?.bet_id : undefined,
              code: res.body.code as string | undefined,
            })
            if (res.status === 0) await sleep(50)
          }
        })(),
      )
    }
  }

  async stop() {
    this.running = false
    await Promise.all(this.done)
  }

  get acknowledged() {
    return this.placements.filter((p) => p.status === 200)
  }
}

/**
 * What the store must hold after any failure: every acknowledged bet once; ledger postings that
 * sum to zero; each side's matched stakes equal (every fill has two); and every player's cash and
 * exposure as their orders imply — exposure what the market rebuilt from the store requires, and
 * cash plus exposure the dev seed's funds (nothing has settled). For the seeded players only.
 */
export async function expectStoreSound(
  db: Kysely<Database>,
  marketId: string,
  players: readonly { userId: string }[],
  acknowledged: readonly Placement[],
) {
  const ids = acknowledged.flatMap((p) => p.betId ?? [])
  expect(ids.length).toBeGreaterThan(50)
  const stored = await db
    .selectFrom('bet_orders')
    .select(['id', 'side', 'matched'])
    .where('market_id', '=', marketId)
    .execute()
  const seen = new Map<string, number>()
  for (const row of stored) seen.set(row.id, (seen.get(row.id) ?? 0) + 1)
  expect(ids.filter((id) => seen.get(id) !== 1)).toEqual([])
  const total = await sql<{ total: number }>`SELECT coalesce(sum(amount), 0)::bigint AS total
    FROM ledger_entries`.execute(db)
  expect(Number(total.rows[0]?.total)).toBe(0)
  const matched = (side: 'BACK' | 'LAY') =>
    stored.filter((o) => o.side === side).reduce((sum, o) => sum + o.matched, 0)
  expect(matched('BACK')).toBe(matched('LAY'))
  const state = await loadMarketState(db, marketId)
  for (const { userId } of players) {
    const position = state?.positions.get(userId)
    const cash = await balanceOf(db, userCashAccountId(userId))
    const exposure = await balanceOf(db, exposureAccountId(userId, 'real'))
    expect(exposure).toBe(state && position ? requiredExposure(state, position) : 0)
    expect(cash + exposure).toBe(DEV_PLAYER_FUNDS)
  }
}

/** Waits until `check` holds, trying every 100 ms; throws `what` after `timeoutMs`. */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`)
    await sleep(100)
  }
}

/** A football match-odds market of a test's own, open, an hour before its start. */
export async function openTestMarket(db: Kysely<Database>, name: string) {
  const catalog = catalogRepository(db)
  const start = Date.now() + 3_600_000
  const eventId = `cluster-${name}`
  const marketId = `1.${eventId}`
  await catalog.upsertSports([{ id: '1', name: 'Football', sortOrder: 2 }])
  await catalog.upsertCompetitions([
    { id: 'cluster', sportId: '1', name: 'Cluster Cup', countryCode: null },
  ])
  await catalog.upsertEvents([
    {
      id: eventId,
      sportId: '1',
      competitionId: 'cluster',
      name: `Home ${name} v Away ${name}`,
      startTime: start,
      status: 'UPCOMING',
      venue: null,
      countryCode: null,
    },
  ])
  await catalog.upsertMarkets([
    {
      id: marketId,
      eventId,
      kind: 'MATCH_ODDS',
      name: 'Match Odds',
      status: 'OPEN',
      inplay: false,
      startTime: start,
      betDelaySeconds: 0,
      ...LIMITS.cricketOdds,
      maxProfit: MAX_PROFIT,
      sortPriority: 0,
      winnerSelectionId: null,
      deadHeatWith: [],
      resultValue: null,
    },
  ])
  const runners = ['home', 'away'].map((side, i) => ({
    marketId,
    // Numeric, as Betfair's and the simulator's: the trading API's selectionId is a number.
    selectionId: String(47_972 + i),
    name: `${side} ${name}`,
    sortPriority: i,
    status: 'ACTIVE' as const,
    back: [],
    lay: [],
    tradedVolume: 0,
    metadata: null,
    lastTradedPrice: null,
  }))
  await catalog.upsertRunners(runners)
  return { marketId, selectionIds: runners.map((r) => r.selectionId) }
}
