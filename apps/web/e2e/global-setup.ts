import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { startGamesServer } from './support/games-server'
import { freePort, startServer } from './support/server'

/**
 * One real server for the whole browser-test run, plus the casino games server on its own origin;
 * tests reach them through `baseUrl()` and `inject('gamesOrigin')`.
 */
export default async function setup(project: TestProject) {
  const gamesPort = await freePort()
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
  project.provide('baseUrl', server.baseUrl)
  project.provide('gamesOrigin', games.origin)
  return async () => {
    await games.stop()
    await server.stop()
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    gamesOrigin: string
  }
}
