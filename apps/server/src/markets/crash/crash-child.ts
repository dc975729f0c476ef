import { buildApp } from '../../app'
import { loadConfig } from '../../config'
import { declareResult } from '../settlement'
import { newPlayer, openMarket } from '../test-support'

/**
 * The server the crash test kills: the real app listening on PORT, plus its own load of
 * settlements (an operator declaring results every few hundred ms). It prints one JSON line
 * with the port, fresh funded players and open markets, then runs until SIGKILL.
 */
const config = loadConfig()
const app = await buildApp(config, { logger: false })
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const port = typeof address === 'object' && address ? address.port : 0

const markets: Awaited<ReturnType<typeof openMarket>>[] = []
for (const kind of ['MATCH_ODDS', 'MATCH_ODDS', 'MATCH_ODDS', 'WIN', 'WIN', 'BOOKMAKER'] as const) {
  markets.push(await openMarket(app, kind, { exclude: markets.map((m) => m.id) }))
}
const players: Awaited<ReturnType<typeof newPlayer>>[] = []
for (let i = 0; i < 4; i++) players.push(await newPlayer(app, { rupees: 50_000 }))
process.stdout.write(
  `${JSON.stringify({
    port,
    players,
    markets: markets.map((m) => ({
      id: m.id,
      kind: m.kind,
      runners: m.runners.map((r) => ({
        id: r.selection_id,
        back: r.back[0]?.price ?? 200,
        lay: r.lay[0]?.price ?? 200,
      })),
    })),
  })}\n`,
)

// Settlement load: every 700 ms one market that has bets is declared (a random winner or void).
setInterval(async () => {
  const candidate = await app.db
    .selectFrom('bet_orders')
    .select('market_id')
    .where('status', '=', 'OPEN')
    .where('market_kind', '<>', 'SESSION')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!candidate) return
  const runners = await app.db
    .selectFrom('runners')
    .select('selection_id')
    .where('market_id', '=', candidate.market_id)
    .execute()
  const winner = runners[Math.floor(Math.random() * (runners.length + 1))]?.selection_id ?? null
  await declareResult(app, {
    marketId: candidate.market_id,
    winnerSelectionId: winner,
    actorId: 'crash-test',
  })
}, 700)
