import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import fastifyWebsocket from '@fastify/websocket'
import Fastify from 'fastify'
import { createAndarBaharTable } from './andar-bahar/table'
import type { GamesConfig } from './config'
import { openChainStore } from './crash/chain-store'
import { createCrashEngine } from './crash/engine'
import { cryptoRng } from './crypto-rng'
import { frameAncestors } from './plugins/frame-ancestors'
import type { Rng } from './rng'
import { andarBaharRoutes } from './routes/andar-bahar'
import { crashRoutes, createCrashHub } from './routes/crash'
import { sessionRoutes } from './routes/session'
import { slotRoutes } from './routes/slot'
import { createSessions } from './session/sessions'
import { createWalletClient } from './wallet/wallet-client'

const DIST = fileURLToPath(new URL('../dist', import.meta.url))
const TICK_MS = 50

/** The games server: its own origin, its own front end, every game, money only through the wallet. */
export const buildApp = async (
  config: GamesConfig,
  deps: { now?: () => number; rng?: Rng; logger?: boolean } = {},
) => {
  const now = deps.now ?? Date.now
  const rng = deps.rng ?? cryptoRng
  const app = Fastify({ logger: deps.logger ?? false })
  const wallet = createWalletClient({ baseUrl: config.walletUrl, secret: config.walletSecret })
  const sessions = createSessions(now)
  const chain = await openChainStore({
    file: join(config.dataDir, 'crash-chain.json'),
    salt: config.crashSalt,
    length: config.crashChainLength,
  })
  const hub = createCrashHub()
  const engine = createCrashEngine({
    wallet,
    chain,
    now,
    timing: { bettingMs: 7_000, crashedMs: 4_000, minStake: 1_000, maxStake: 10_000_000 },
    broadcast: hub.send,
  })
  const table = createAndarBaharTable({
    wallet,
    rng,
    now,
    timing: {
      bettingMs: 15_000,
      cardMs: 700,
      resultMs: 5_000,
      minStake: 1_000,
      maxStake: 10_000_000,
    },
  })

  await app.register(frameAncestors, { origins: config.frameAncestors })
  await app.register(fastifyWebsocket)
  await app.register(sessionRoutes, { sessions, wallet })
  await app.register(slotRoutes, { sessions, wallet, rng })
  await app.register(andarBaharRoutes, { sessions, table })
  await app.register(crashRoutes, { sessions, wallet, engine, hub, revealed: chain.revealed, now })

  if (existsSync(DIST)) {
    await app.register(fastifyStatic, { root: DIST })
    // Client-side routes (/launch, /lobby, /play/…, /verify) all load the single page.
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith('/api/')) {
        return reply.code(404).send({ status: false, msg: 'Not found.', code: 'GAMES.NOT_FOUND' })
      }
      return reply.sendFile('index.html')
    })
  }

  let timer: NodeJS.Timeout | undefined
  let ticking: Promise<unknown> = Promise.resolve()
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      ticking = Promise.all([engine.tick(), table.tick()])
    }, TICK_MS)
  })
  // A tick still running may be saving the crash chain: closing waits for it to finish.
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await ticking
  })
  return app
}
