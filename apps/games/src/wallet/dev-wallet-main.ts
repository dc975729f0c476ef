import { casinoGameId, LAUNCH_TOKEN_TTL_SECONDS } from '@backlay/contract/casino-launch'
import { loadConfig } from '../config'
import { buildDevWalletServer } from './dev-wallet-server'
import { createReferenceWallet } from './reference-wallet'

/**
 * Stand-alone development wallet (the reference semantics) so the games can be played before the
 * Backlay server's endpoints exist: `BACKLAY_WALLET_URL=http://127.0.0.1:8091`. GET /dev/launch?game=aviator
 * mints a launch token for the demo player and redirects to the games server.
 */
const config = loadConfig()
const port = Number(process.env.DEV_WALLET_PORT ?? 8091)
const gamesUrl = process.env.GAMES_PUBLIC_URL ?? `http://127.0.0.1:${config.port}`
const wallet = createReferenceWallet({ now: Date.now, tokenTtlMs: LAUNCH_TOKEN_TTL_SECONDS * 1000 })
wallet.addPlayer('demo-1', 'Demo Player', 10_000_00)
const app = buildDevWalletServer(wallet, config.walletSecret)
app.get<{ Querystring: { game?: string; group?: string; provider?: string } }>(
  '/dev/launch',
  async (request, reply) => {
    const game = casinoGameId.catch('lobby').parse(request.query.game)
    const url = new URL('/launch', gamesUrl)
    url.searchParams.set('token', wallet.mintToken('demo-1'))
    url.searchParams.set('game', game)
    if (request.query.group) url.searchParams.set('group', request.query.group)
    if (request.query.provider) url.searchParams.set('provider', request.query.provider)
    return reply.redirect(url.toString())
  },
)
await app.listen({ host: '127.0.0.1', port })
