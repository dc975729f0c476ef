import { CASINO_WALLET_SIGNATURE_HEADER, casinoWalletErrors } from '@backlay/contract/casino-wallet'
import Fastify, { type FastifyInstance } from 'fastify'
import type { ReferenceWallet } from './reference-wallet'
import { isValidSignature } from './sign'

/**
 * Serves the reference wallet over HTTP exactly as the Backlay server must: the signature is
 * checked over the raw body before anything is parsed. Used by tests and by `npm run dev:wallet`
 * while the Backlay server's own endpoints do not exist yet.
 */
export const buildDevWalletServer = (wallet: ReferenceWallet, secret: string): FastifyInstance => {
  const app = Fastify({ logger: false })
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  )
  app.post('/api/v1/casino-wallet/:call', async (request, reply) => {
    const raw = typeof request.body === 'string' ? request.body : ''
    if (!isValidSignature(secret, raw, request.headers[CASINO_WALLET_SIGNATURE_HEADER])) {
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
