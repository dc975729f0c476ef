import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { LogEvent } from 'kysely'
import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { newPlayer, openMarket } from '../src/markets/test-support'
import { createAppKey } from '../src/trading-api/app-keys'
import type { LoadStats } from './save-bet-protocol'

/**
 * The server the saveBet benchmark loads: the real app on a free loopback port, every market's
 * bet delay 0, funded players with session tokens, and warmed exchange markets (the market
 * maker has quoted them). Prints one JSON line, then serves until killed. Between the parent's
 * 'start' and 'report' messages it counts the store's statements and transactions and samples
 * the event loop's delay, and answers 'report' with them.
 */
const statements = { all: 0, transactions: 0, ms: 0 }
const countStatement = (event: LogEvent) => {
  statements.all++
  statements.ms += event.queryDurationMillis
  if (event.query.sql === 'begin') statements.transactions++
}
const config = loadConfig()
const app = await buildApp(config, { logger: false, queryLog: countStatement })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : 0
await app.db.updateTable('markets').set({ bet_delay_seconds: 0 }).execute()

const markets: Awaited<ReturnType<typeof openMarket>>[] = []
for (let i = 0; i < 20; i++) {
  markets.push(
    await openMarket(app, i % 4 === 3 ? 'WIN' : 'MATCH_ODDS', {
      exclude: markets.map((m) => m.id),
    }),
  )
}
const players: Awaited<ReturnType<typeof newPlayer>>[] = []
for (let i = 0; i < 50; i++) players.push(await newPlayer(app, { rupees: 1_00_00_000 }))
for (const market of markets) await app.exchange.beforeTrade(market.id)
// Each player's application key, for the trading API's loads (trading-api.bench.ts).
const appKeys: string[] = []
for (const p of players) appKeys.push((await createAppKey(app.db, p.id, Date.now())).appKey)

const loopDelay = monitorEventLoopDelay({ resolution: 1 })
process.on('message', (message: 'start' | 'report') => {
  if (message === 'start') {
    Object.assign(statements, { all: 0, transactions: 0, ms: 0 })
    loopDelay.reset()
    loopDelay.enable()
    process.send?.('started')
    return
  }
  loopDelay.disable()
  const ms = (ns: number) => ns / 1e6
  process.send?.({
    statements: statements.all,
    transactions: statements.transactions,
    statementMs: statements.ms,
    loopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)) },
  } satisfies LoadStats)
})

process.stdout.write(
  `${JSON.stringify({
    port,
    tokens: players.map((p) => p.token),
    appKeys,
    markets: markets.map((m) => ({
      id: m.id,
      runners: m.runners.map((r) => ({ id: r.selection_id, back: r.back[0]?.price ?? 200 })),
    })),
  })}\n`,
)

// SIGINT ends the process normally, so a CPU profile (--cpu-prof) gets written.
process.once('SIGINT', () => process.exit(0))
