import { buildApp } from '../src/app'
import { loadConfig } from '../src/config'
import { newPlayer, openMarket } from '../src/markets/test-support'

/**
 * The server the saveBet benchmark loads: the real app on a free loopback port, every market's
 * bet delay 0, funded players with session tokens, and warmed exchange markets (the market
 * maker has quoted them). Prints one JSON line, then serves until killed.
 */
const config = loadConfig()
const app = await buildApp(config, { logger: false })
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

process.stdout.write(
  `${JSON.stringify({
    port,
    tokens: players.map((p) => p.token),
    markets: markets.map((m) => ({
      id: m.id,
      runners: m.runners.map((r) => ({ id: r.selection_id, back: r.back[0]?.price ?? 200 })),
    })),
  })}\n`,
)

// SIGINT ends the process normally, so a CPU profile (--cpu-prof) gets written.
process.once('SIGINT', () => process.exit(0))
