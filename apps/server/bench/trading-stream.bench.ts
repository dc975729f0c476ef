/**
 * The trading API's Exchange Stream API under a crowd: CONNECTIONS authenticated TLS clients
 * (default 1,000), each subscribed to the same 20 markets (EX_ALL_OFFERS), and how long one
 * price change takes to reach all of them, against a raw TLS write of the same frame to the
 * same sockets in the same run (the goal: p99 ≤ 1.2× the raw write's).
 * The server is the real app on in-memory PGlite in this process; a change is a player's lay
 * resting at 1.01 through the engine, timed from the engine publishing it on the bus (what a
 * commit costs is the placement benches' business). The clients live in a child process and
 * stamp each frame's arrival on the shared system clock; the rounds alternate a raw write and a
 * real change, so both meet the same load.
 * Run: npx tsx apps/server/bench/trading-stream.bench.ts [connections]
 */

import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { connect } from 'node:tls'
import { fileURLToPath } from 'node:url'

const now = () => performance.timeOrigin + performance.now()
const RATIO_GOAL = 1.2
const MARKETS = 20
const ROUNDS = 200
const PLAYERS = 50

interface Credentials {
  port: number
  caFile: string
  marketIds: string[]
  logins: { appKey: string; session: string }[]
}
type ToParent =
  | { kind: 'ready' }
  | { kind: 'arrivals'; arrivals: number[][] }
  | { kind: 'failed'; error: string }

/** Child: opens the connections, authenticates and subscribes each, stamps every change frame. */
async function runClients(count: number) {
  const send = (m: ToParent) => process.send?.(m)
  const creds = await new Promise<Credentials>((resolve) =>
    process.once('message', (m) => resolve(m as Credentials)),
  )
  const { readFileSync } = await import('node:fs')
  const ca = readFileSync(creds.caFile, 'utf8')
  // arrivals[client][frame]: each frame after the subscription's image, in order.
  const arrivals: number[][] = Array.from({ length: count }, () => [])
  const sockets: ReturnType<typeof connect>[] = []
  const open = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const login = creds.logins[i % creds.logins.length]
      const socket = connect({ host: '127.0.0.1', port: creds.port, ca, servername: 'localhost' })
      sockets.push(socket)
      socket.on('error', reject)
      let subscribed = false
      createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
        const at = now()
        if (subscribed) {
          if (!line.includes('"ct":"HEARTBEAT"')) arrivals[i]?.push(at)
          return
        }
        if (line.includes('"op":"connection"'))
          socket.write(`${JSON.stringify({ op: 'authentication', id: 1, ...login })}\r\n`)
        else if (line.includes('"statusCode":"FAILURE"')) reject(new Error(line))
        else if (line.includes('"op":"status","id":1'))
          socket.write(
            `${JSON.stringify({
              op: 'marketSubscription',
              id: 2,
              heartbeatMs: 30_000,
              marketFilter: { marketIds: creds.marketIds },
              marketDataFilter: { fields: ['EX_ALL_OFFERS'] },
            })}\r\n`,
          )
        else if (line.includes('"ct":"SUB_IMAGE"')) {
          subscribed = true
          resolve()
        }
      })
    })
  try {
    for (let i = 0; i < count; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, j) => open(i + j)))
  } catch (err) {
    send({ kind: 'failed', error: String(err) })
    return
  }
  send({ kind: 'ready' })
  process.once('message', () => {
    for (const s of sockets) s.destroy()
    process.send?.({ kind: 'arrivals', arrivals } satisfies ToParent, undefined, {}, () =>
      process.exit(0),
    )
  })
}

function nextMessage(child: ChildProcess): Promise<ToParent> {
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as ToParent))
    child.once('exit', (code) => reject(new Error(`client process exited (${code})`)))
  })
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN

async function measure(connections: number) {
  const { buildApp } = await import('../src/app')
  const { loadConfig } = await import('../src/config')
  const { newPlayer, openMarket } = await import('../src/markets/test-support')
  const { createAppKey } = await import('../src/trading-api/app-keys')
  const { traderOf } = await import('../src/markets/bet-http')
  const dataDir = mkdtempSync(join(tmpdir(), 'backlay-bench-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    WEB_DIST: join(tmpdir(), 'backlay-no-web-dist'),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-02',
    FEED_TICK_MS: '0',
    BETFAIR_STREAM_PORT: '0',
    BETFAIR_STREAM_MAX_CONNECTIONS: String(connections),
    STREAM_MAX_BUFFERED_BYTES: String(64 * 1024 * 1024),
  })
  const app = await buildApp(config, { database: { kind: 'pglite', dataDir: null }, logger: false })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (await app.tradingStream.listening()) ?? 0
  const caFile = join(dataDir, 'stream-ca.pem')
  writeFileSync(caFile, app.tradingStream.certificate() ?? '')
  await app.db.updateTable('markets').set({ bet_delay_seconds: 0 }).execute()
  const markets: Awaited<ReturnType<typeof openMarket>>[] = []
  for (let i = 0; i < MARKETS; i++)
    markets.push(
      await openMarket(app, 'MATCH_ODDS', { prePlay: true, exclude: markets.map((m) => m.id) }),
    )
  for (const m of markets) await app.exchange.beforeTrade(m.id)
  const logins: Credentials['logins'] = []
  const players: Awaited<ReturnType<typeof newPlayer>>[] = []
  for (let i = 0; i < PLAYERS; i++) {
    const p = await newPlayer(app, { rupees: 1_00_00_000 })
    players.push(p)
    logins.push({ appKey: (await createAppKey(app.db, p.id, Date.now())).appKey, session: p.token })
  }
  const trader = await traderOf(app, players[0]?.id ?? '')
  if (!trader) throw new Error('no trader')

  const child = fork(fileURLToPath(import.meta.url), ['clients', String(connections)], {
    stdio: 'inherit',
  })
  child.send({ port, caFile, marketIds: markets.map((m) => m.id), logins } satisfies Credentials)
  const setupStart = now()
  const ready = await nextMessage(child)
  if (ready.kind !== 'ready') throw new Error(ready.kind === 'failed' ? ready.error : 'bad reply')
  const setupMs = now() - setupStart

  // A change's time is when the engine publishes it: this listener runs before the stream's.
  let published = 0
  let awaiting = false
  for (const m of markets)
    app.bus.subscribe(`ladder:${m.id}`, () => {
      if (awaiting) {
        published = now()
        awaiting = false
      }
    })
  const gapMs = Math.max(150, connections / 5)
  const starts: { kind: 'raw' | 'stream'; at: number }[] = []
  let frame = ''
  for (let k = 0; k < ROUNDS; k++) {
    const market = markets[k % MARKETS]
    const selectionId = market?.runners[0]?.selection_id ?? ''
    awaiting = true
    const placed = await app.exchange.placeOdds(
      trader,
      market?.id ?? '',
      [{ selectionId, side: 'LAY', odds: 101, stake: 100_00 + k }],
      {},
    )
    if (!placed.ok) throw new Error(`placing: ${placed.msg}`)
    await app.tradingStream.idle()
    starts.push({ kind: 'stream', at: published })
    await new Promise((r) => setTimeout(r, gapMs))
    // The raw round writes a frame of the same shape and size: the change's own, clock moved on.
    frame ||= `{"op":"mcm","id":2,"clk":"${'0'.repeat(12)}","pt":${Date.now()},"mc":[{"id":"${market?.id}","rc":[{"id":${selectionId},"atb":[[1.01,${(100_00 + k) / 100}]]}]}]}`
    starts.push({ kind: 'raw', at: now() })
    app.tradingStream.writeRaw(frame)
    await new Promise((r) => setTimeout(r, gapMs))
  }
  const reply = nextMessage(child)
  child.send('report')
  const report = await reply
  if (report.kind !== 'arrivals') throw new Error('bad report')
  await app.close()

  const latencies = { raw: [] as number[], stream: [] as number[] }
  let missing = 0
  for (const row of report.arrivals) {
    starts.forEach((start, j) => {
      const at = row[j]
      if (at === undefined) missing++
      else latencies[start.kind].push(at - start.at)
    })
  }
  for (const list of Object.values(latencies)) list.sort((a, b) => a - b)
  const f = (n: number) => n.toFixed(1)
  const line = (label: string, list: number[]) =>
    `${label} p50 ${f(quantile(list, 0.5))} ms, p99 ${f(quantile(list, 0.99))} ms`
  const ratio = quantile(latencies.stream, 0.99) / quantile(latencies.raw, 0.99)
  console.log(
    `${connections} stream connections × ${MARKETS} markets (set-up ${(setupMs / 1000).toFixed(1)} s, ${ROUNDS} changes): ` +
      `${line('price change', latencies.stream)}; ${line('raw TLS write', latencies.raw)}; ` +
      `p99 ratio ${ratio.toFixed(2)}× (goal ≤ ${RATIO_GOAL}×)${missing > 0 ? `; ${missing} frames MISSING` : ''}`,
  )
}

if (process.argv[2] === 'clients') await runClients(Number(process.argv[3]))
else await measure(Number(process.argv[2] ?? 1_000))
