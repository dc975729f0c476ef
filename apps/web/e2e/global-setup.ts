import { randomBytes } from 'node:crypto'
import getPort from 'get-port'
import type { TestProject } from 'vitest/node'
import { startGamesServer } from './support/games-server'
import { startServer } from './support/server'

export interface TestServers {
  baseUrl: string
  gamesOrigin: string
}

/** The real server with the casino games server on its own origin, as one worker's tests use them. */
async function startServers(): Promise<TestServers & { stop(): Promise<void> }> {
  const gamesPort = await getPort({ host: '127.0.0.1' })
  const walletSecret = randomBytes(24).toString('hex')
  const server = await startServer({
    // One snapshot, then still prices: a bet delay never meets a price the feed just moved, so
    // placement and cash-out are deterministic. Ticking prices are the server tests' business.
    FEED_TICK_MS: '0',
    GAMES_ORIGIN: `http://127.0.0.1:${gamesPort}`,
    CASINO_WALLET_SECRET: walletSecret,
  })
  const games = await startGamesServer({
    port: gamesPort,
    walletUrl: server.baseUrl,
    // The dev players' brand is served under `localhost`; both host names may frame the games.
    frameAncestors: [server.baseUrl, server.baseUrl.replace('127.0.0.1', 'localhost')],
    walletSecret,
  }).catch(async (error: unknown) => {
    await server.stop()
    throw error
  })
  return {
    baseUrl: server.baseUrl,
    gamesOrigin: games.origin,
    stop: async () => {
      await games.stop()
      await server.stop()
    },
  }
}

/**
 * A server pair for each worker, so files that run side by side never share players, balances or
 * markets; tests reach theirs through `baseUrl()` and `gamesOrigin()`.
 */
export default async function setup(project: TestProject) {
  const workers = project.config.maxWorkers
  const started = await Promise.allSettled(Array.from({ length: workers }, startServers))
  const running = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
  const stopAll = () => Promise.all(running.map((servers) => servers.stop()))
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await stopAll()
    throw failed.reason
  }
  project.provide(
    'servers',
    running.map(({ baseUrl, gamesOrigin }) => ({ baseUrl, gamesOrigin })),
  )
  return stopAll
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One pair a worker, in the order of the workers' pool ids. */
    servers: TestServers[]
  }
}
