import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { buildApp } from './app'
import type { CrashServerMessage } from './crash/protocol'
import { startDevWallet } from './wallet/dev-wallet-server'
import { createReferenceWallet } from './wallet/reference-wallet'

const SECRET = 'app-test-secret-0123456789-0123456789'
const dataDir = mkdtempSync(join(tmpdir(), 'games-'))
const wallet = createReferenceWallet({ now: Date.now, tokenTtlMs: 60_000 })
let walletServer: Awaited<ReturnType<typeof startDevWallet>>
let app: FastifyInstance

beforeAll(async () => {
  walletServer = await startDevWallet(wallet, SECRET)
  // The games' clock stands still: each round stays in its betting window for the whole file,
  // however slowly a loaded machine runs it.
  const startedAt = Date.now()
  app = await buildApp(
    {
      host: '127.0.0.1',
      port: 0,
      frameAncestors: ['https://brand.example', 'https://www.brand.example'],
      walletUrl: walletServer.url,
      walletSecret: SECRET,
      dataDir,
      crashSalt: 'test-salt',
      crashChainLength: 50,
    },
    { now: () => startedAt },
  )
  await app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await app.close()
  await walletServer.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const launch = async (playerId: string, game = 'lotus-sevens') => {
  wallet.addPlayer(playerId, 'Meera', 10_000)
  const token = wallet.mintToken(playerId)
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { token, game },
  })
  return { token, response, sessionId: response.json().data?.sessionId as string }
}

describe('games server', () => {
  it('opens one session per launch token and sets frame-ancestors to the brand origins', async () => {
    const { token, response } = await launch('s1')
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({
      displayName: 'Meera',
      balance: 10_000,
      currency: 'INR',
    })
    expect(response.headers['content-security-policy']).toBe(
      'frame-ancestors https://brand.example https://www.brand.example',
    )
    const again = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { token, game: 'lobby' },
    })
    expect(again.statusCode).toBe(401)
    expect(again.json()).toMatchObject({ code: 'GAMES.LAUNCH_EXPIRED' })
  })

  it('spins the slot through the wallet: balance = before − bet + win', async () => {
    const { sessionId } = await launch('s2')
    const headers = { authorization: `Bearer ${sessionId}` }
    const spin = await app.inject({
      method: 'POST',
      url: '/api/slot/spin',
      headers,
      payload: { bet: 1_000 },
    })
    expect(spin.statusCode).toBe(200)
    const { win, balance } = spin.json().data
    expect(balance).toBe(10_000 - 1_000 + win)
    expect(wallet.balanceOf('s2')).toBe(balance)
    const bad = await app.inject({
      method: 'POST',
      url: '/api/slot/spin',
      headers,
      payload: { bet: 1_234 },
    })
    expect(bad.json()).toMatchObject({ status: false, code: 'SLOT.INVALID_BET' })
    const broke = await app.inject({
      method: 'POST',
      url: '/api/slot/spin',
      headers,
      payload: { bet: 100_000 },
    })
    expect(broke.json()).toMatchObject({ status: false, code: 'CASINO_WALLET.INSUFFICIENT_FUNDS' })
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/slot/spin',
      payload: { bet: 1_000 },
    })
    expect(anonymous.statusCode).toBe(401)
  })

  it('takes an Andar Bahar bet in the window', async () => {
    const { sessionId } = await launch('s3', 'andar-bahar')
    await new Promise((resolve) => setTimeout(resolve, 120))
    const bet = await app.inject({
      method: 'POST',
      url: '/api/andar-bahar/bet',
      headers: { authorization: `Bearer ${sessionId}` },
      payload: { side: 'bahar', stake: 2_000 },
    })
    expect(bet.json()).toEqual({ status: true, data: { balance: 8_000 } })
    const state = await app.inject({
      url: '/api/andar-bahar/state',
      headers: { authorization: `Bearer ${sessionId}` },
    })
    expect(state.json().data).toMatchObject({
      phase: 'betting',
      myBets: [{ side: 'bahar', stake: 2_000 }],
    })
  })

  it('places a crash bet over the WebSocket and receives the round broadcast', async () => {
    const { sessionId } = await launch('s4', 'aviator')
    const address = app.server.address() as { port: number }
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}/ws/crash?session=${sessionId}`)
    const messages: CrashServerMessage[] = []
    const next = (type: string) =>
      new Promise<CrashServerMessage>((resolve) => {
        const seen = messages.find((m) => m.type === type)
        if (seen) return resolve(seen)
        socket.on('message', (data) => {
          const m = JSON.parse(String(data)) as CrashServerMessage
          if (m.type === type) resolve(m)
        })
      })
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    const snapshot = await next('snapshot')
    expect(snapshot).toMatchObject({
      snapshot: { phase: 'betting', fairness: { chainLength: 50 } },
    })
    socket.send(JSON.stringify({ type: 'bet', stake: 1_500, autoCashOut: 200 }))
    expect(await next('result')).toMatchObject({
      ok: true,
      action: 'bet',
      balance: 8_500,
      me: { stake: 1_500 },
    })
    expect(await next('bet')).toMatchObject({
      bet: { name: 'Me***a', stake: 1_500, autoCashOut: 200 },
    })
    socket.close()
  })
})
