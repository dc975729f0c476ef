import { casinoWalletErrors } from '@backlay/contract/casino-wallet'
import {
  CASINO_WALLET_MAX_AGE_MS,
  verifiedCasinoNonce,
} from '@backlay/contract/casino-wallet-signature'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ReferenceWallet } from './reference-wallet'

/**
 * Serves the reference wallet over HTTP exactly as the Backlay server must: the signature is
 * checked over the raw body before anything is parsed, and a nonce counts once. Used by tests and
 * by `npm run dev:wallet`; one process, so its nonces are kept in memory.
 */
export const buildDevWalletServer = (
  wallet: ReferenceWallet,
  secret: string,
  now: () => number = Date.now,
): FastifyInstance => {
  const app = Fastify({ logger: false })
  const seenNonces = new Map<string, number>()
  const firstUse = (nonce: string) => {
    const at = now()
    for (const [old, seenAt] of seenNonces) {
      if (seenAt >= at - 4 * CASINO_WALLET_MAX_AGE_MS) break
      seenNonces.delete(old)
    }
    if (seenNonces.has(nonce)) return false
    seenNonces.set(nonce, at)
    return true
  }
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  app.post('/api/v1/casino-wallet/:call', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    const call = { method: request.method, path: request.url, body: raw }
    const nonce = verifiedCasinoNonce(secret, call, request.headers, now())
    if (!nonce || !firstUse(nonce)) {
      const code = 'CASINO_WALLET.INVALID_SIGNATURE'
      return reply.code(401).send({ status: false, msg: casinoWalletErrors[code].msg, code })
    }
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      body = undefined
    }
    const answer = wallet.handle(request.url.split('?')[0] ?? '', body)
    return reply.code(answer.http).send(answer.body)
  })
  return app
}

/** Starts the reference wallet on a free port (or `port`); returns its base URL. */
export const startDevWallet = async (wallet: ReferenceWallet, secret: string, port = 0) => {
  const app = buildDevWalletServer(wallet, secret)
  const address = await app.listen({ port, host: '127.0.0.1' })
  return { url: address, close: () => app.close() }
}
