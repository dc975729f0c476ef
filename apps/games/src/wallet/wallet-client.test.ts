import type { AddressInfo } from 'node:net'
import {
  CASINO_WALLET_NONCE_HEADER,
  verifiedCasinoNonce,
} from '@backlay/contract/casino-wallet-signature'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildDevWalletServer } from './dev-wallet-server'
import { createReferenceWallet, type ReferenceWallet } from './reference-wallet'
import { createWalletClient } from './wallet-client'

// The wallet side is the protocol's reference semantics served over real HTTP: a stand-in for the
// Backlay server's endpoints until they exist.
const SECRET = 'test-secret-0123456789-0123456789-01'
let clock = 1_000_000
let wallet: ReferenceWallet
let server: FastifyInstance
let baseUrl: string
const seen: { url: string; raw: string; headers: Record<string, string> }[] = []
let delayNextReplyMs = 0
let failNextWith503 = 0

beforeAll(async () => {
  wallet = createReferenceWallet({ now: () => clock, tokenTtlMs: 60_000 })
  server = buildDevWalletServer(wallet, SECRET)
  server.addHook('preHandler', async (request) => {
    seen.push({
      url: request.url,
      raw: String(request.body),
      headers: request.headers as Record<string, string>,
    })
  })
  server.addHook('onRequest', async (_request, reply) => {
    if (failNextWith503 > 0) {
      failNextWith503--
      return reply.code(503).send({ status: false, msg: 'busy' })
    }
  })
  // The money moved already; only the answer is late, as when a reply is lost on the network.
  server.addHook('onSend', async (_request, _reply, payload) => {
    if (delayNextReplyMs > 0) {
      const ms = delayNextReplyMs
      delayNextReplyMs = 0
      await new Promise((resolve) => setTimeout(resolve, ms))
    }
    return payload
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
})
afterAll(() => server.close())

let playerSeq = 0
let playerId: string
beforeEach(() => {
  seen.length = 0
  playerId = `p${++playerSeq}`
  wallet.addPlayer(playerId, `Player ${playerSeq}`, 10_000)
})

const client = (secret = SECRET) =>
  createWalletClient({ baseUrl, secret, timeoutMs: 150, backoffMs: () => 10 })
const bet = (transactionId: string, amount: number, roundId = 'r1') => ({
  transactionId,
  playerId,
  gameId: 'aviator',
  roundId,
  amount,
})

describe('wallet client against the reference wallet', () => {
  it('signs method, path, timestamp, nonce and raw body with the shared secret', async () => {
    await client().balance(playerId)
    const request = seen[0]
    if (!request) throw new Error('no request reached the wallet')
    const call = { method: 'POST', path: request.url, body: request.raw }
    expect(verifiedCasinoNonce(SECRET, call, request.headers, Date.now())).toBe(
      request.headers[CASINO_WALLET_NONCE_HEADER],
    )
    expect(
      verifiedCasinoNonce(
        'another-secret-0123456789-0123456789',
        call,
        request.headers,
        Date.now(),
      ),
    ).toBeNull()
  })

  it('refuses a replayed call: the same nonce counts once', async () => {
    await client().debit(bet('t-replayed', 100))
    const request = seen[0]
    if (!request) throw new Error('no request reached the wallet')
    const { 'content-length': _, host: __, ...headers } = request.headers
    const replayed = await fetch(new URL(request.url, baseUrl), {
      method: 'POST',
      headers,
      body: request.raw,
    })
    expect(replayed.status).toBe(401)
    expect(wallet.balanceOf(playerId)).toBe(9_900)
  })

  it('authenticates a launch token once it is minted and refuses it after its TTL', async () => {
    const token = wallet.mintToken(playerId)
    const first = await client().authenticate({ token, gameId: 'aviator' })
    expect(first).toEqual({
      ok: true,
      data: { playerId, displayName: `Player ${playerSeq}`, currency: 'INR', balance: 10_000 },
    })
    clock += 60_001
    expect(await client().authenticate({ token, gameId: 'aviator' })).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.UNKNOWN_TOKEN',
    })
  })

  it('refuses a bad signature and moves nothing', async () => {
    const answer = await client('wrong-secret-0123456789-0123456789-0').debit(bet('t-bad', 100))
    expect(answer).toMatchObject({ ok: false, code: 'CASINO_WALLET.INVALID_SIGNATURE' })
    expect(wallet.balanceOf(playerId)).toBe(10_000)
  })

  it('refuses a debit beyond the balance', async () => {
    const answer = await client().debit(bet('t-big', 10_001))
    expect(answer).toMatchObject({ ok: false, code: 'CASINO_WALLET.INSUFFICIENT_FUNDS' })
    expect(wallet.balanceOf(playerId)).toBe(10_000)
  })

  it('retries a lost reply with the same transaction id and moves the money once', async () => {
    delayNextReplyMs = 400
    const answer = await client().debit(bet('t-lost', 2_500))
    expect(answer).toEqual({
      ok: true,
      data: { transactionId: 't-lost', balance: 7_500, currency: 'INR', duplicate: true },
    })
    expect(seen).toHaveLength(2)
    expect(seen[1]?.raw).toBe(seen[0]?.raw)
    expect(seen[1]?.headers[CASINO_WALLET_NONCE_HEADER]).not.toBe(
      seen[0]?.headers[CASINO_WALLET_NONCE_HEADER],
    )
    expect(wallet.balanceOf(playerId)).toBe(7_500)
    expect(wallet.ledgerOf(playerId)).toEqual([
      { playerId, transactionId: 't-lost', amount: -2_500 },
    ])
  })

  it('retries a 5xx answer', async () => {
    failNextWith503 = 2
    expect(await client().debit(bet('t-503', 100))).toMatchObject({ ok: true })
    expect(wallet.balanceOf(playerId)).toBe(9_900)
  })

  it('moves money once for concurrent duplicates', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => client().debit(bet('t-dup', 1_000))),
    )
    expect(answers.every((a) => a.ok)).toBe(true)
    // Under load a first call may time out after the money moved; its retry then reads
    // `duplicate` too, so at most one answer is the fresh one. The money moves once either way.
    expect(answers.filter((a) => a.ok && !a.data.duplicate).length).toBeLessThanOrEqual(1)
    expect(wallet.balanceOf(playerId)).toBe(9_000)
    expect(wallet.ledgerOf(playerId)).toEqual([
      { playerId, transactionId: 't-dup', amount: -1_000 },
    ])
  })

  it('refuses a reused transaction id with a different body', async () => {
    await client().debit(bet('t-same', 100))
    expect(await client().debit(bet('t-same', 200))).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.DUPLICATE_TRANSACTION',
    })
    expect(wallet.balanceOf(playerId)).toBe(9_900)
  })

  it('rolls a debit back to the exact balance, once', async () => {
    await client().debit(bet('t-rb', 3_333))
    const rollback = { ...bet('t-rb-undo', 0), referenceTransactionId: 't-rb' }
    const { amount: _, ...undo } = rollback
    expect(await client().rollback(undo)).toMatchObject({ ok: true, data: { balance: 10_000 } })
    expect(await client().rollback({ ...undo, transactionId: 't-rb-undo-2' })).toMatchObject({
      ok: true,
      data: { balance: 10_000 },
    })
    expect(wallet.balanceOf(playerId)).toBe(10_000)
  })

  it('refuses a debit that arrives after its rollback', async () => {
    const { amount: _, ...undo } = { ...bet('t-late-undo', 0), referenceTransactionId: 't-late' }
    expect(await client().rollback(undo)).toMatchObject({ ok: true, data: { balance: 10_000 } })
    expect(await client().debit(bet('t-late', 500))).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.TRANSACTION_ROLLED_BACK',
    })
    expect(wallet.balanceOf(playerId)).toBe(10_000)
  })

  it('credits a win once per round and refuses a credit without a bet', async () => {
    await client().debit(bet('t-win-bet', 1_000, 'r9'))
    expect(await client().credit(bet('t-win', 2_550, 'r9'))).toMatchObject({
      ok: true,
      data: { balance: 11_550 },
    })
    expect(await client().credit(bet('t-win-again', 2_550, 'r9'))).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.ROUND_SETTLED',
    })
    expect(await client().credit(bet('t-nobet', 100, 'r10'))).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.UNKNOWN_ROUND',
    })
    expect(wallet.balanceOf(playerId)).toBe(11_550)
  })

  it('reports an unreachable wallet after its attempts', async () => {
    const dead = createWalletClient({
      baseUrl: 'http://127.0.0.1:9',
      secret: SECRET,
      attempts: 2,
      backoffMs: () => 1,
    })
    expect(await dead.balance(playerId)).toMatchObject({
      ok: false,
      code: 'CASINO_WALLET.UNREACHABLE',
    })
  })
})
