import Fastify from 'fastify'
import type { ServerInfo } from './save-bet-protocol'

/**
 * The ceiling of the saveBet bench: bare Fastify 5 with its defaults, answering the saveBet
 * POST with its JSON body. Its info names bets shaped like the real server's (a Betfair-style
 * market id, a token as long as a session's), so both runs send the same bytes.
 */
const app = Fastify({ logger: false })
app.post('/api/v1/bet/saveBet', async (request) => request.body)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const info: ServerInfo = {
  port: typeof address === 'object' && address ? address.port : 0,
  tokens: ['e'.repeat(290)],
  appKeys: ['k'.repeat(16)],
  markets: [{ id: '1.2078304001', runners: [{ id: '7016171', back: 198 }] }],
}
process.stdout.write(`${JSON.stringify(info)}\n`)
process.once('SIGINT', () => process.exit(0))
