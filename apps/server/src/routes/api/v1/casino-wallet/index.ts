import {
  authenticateRequest,
  balanceRequest,
  type CasinoWalletErrorCode,
  casinoWalletErrors,
  creditRequest,
  debitRequest,
  rollbackRequest,
} from '@backlay/contract/casino-wallet'
import { verifiedCasinoNonce } from '@backlay/contract/casino-wallet-signature'
import { checkedInput } from '@backlay/contract/text-rules'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { createCasinoWallet } from '../../../../casino/casino-wallet'
import { walletNonces } from '../../../../casino/wallet-nonces'
import { casinoWalletSecret } from '../../../../kept-secrets'
import type { Result } from '../../../../result'

declare module 'fastify' {
  interface FastifyRequest {
    /** The exact body bytes of a casino-wallet call, which its signature covers. */
    casinoRawBody?: string
  }
}

const sendWalletFailure = (reply: FastifyReply, code: CasinoWalletErrorCode) =>
  reply
    .code(casinoWalletErrors[code].http)
    .send({ status: false, msg: casinoWalletErrors[code].msg, code })

/**
 * Seamless wallet of the casino games server (@backlay/contract/casino-wallet). Not a player API:
 * no session token; every call is signed with the shared secret over its method, path, timestamp,
 * nonce and raw body, checked before the body is even parsed, and a nonce counts once. Answers use
 * the contract's codes and statuses. The general API rate limit does not apply: the games server
 * is one address calling for every player, and a forged call never gets past the signature.
 */
const casinoWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const secret = casinoWalletSecret(app.config)
  const nonces = walletNonces(app.db, app.clock)
  const wallet = createCasinoWallet({ db: app.db, clock: app.clock })

  app.decorateRequest('casinoRawBody', undefined)
  // Re-serialising parsed JSON changes bytes, so the signature is checked over the raw text.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.casinoRawBody = body as string
    done(null, undefined)
  })
  app.addHook('preHandler', async (request, reply) => {
    const body = request.casinoRawBody
    const call = { method: request.method, path: request.url, body: body ?? '' }
    const nonce =
      body === undefined
        ? null
        : verifiedCasinoNonce(secret, call, request.headers, app.clock.now())
    if (!nonce || !(await nonces.firstUse(nonce))) {
      return sendWalletFailure(reply, 'CASINO_WALLET.INVALID_SIGNATURE')
    }
  })

  /** A signed call: JSON body checked against `schema`, then `run`, answered `{ status, data }`. */
  const route = <S extends z.ZodType, T>(
    path: string,
    schema: S,
    run: (body: z.infer<S>, requestId: string) => Promise<Result<T, CasinoWalletErrorCode>>,
  ) => {
    const checked = checkedInput(schema)
    app.post(
      path,
      { config: { rateLimit: false } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        let json: unknown
        try {
          json = JSON.parse(request.casinoRawBody ?? '')
        } catch {
          return sendWalletFailure(reply, 'CASINO_WALLET.INVALID_REQUEST')
        }
        const body = checked.safeParse(json)
        if (!body.success) return sendWalletFailure(reply, 'CASINO_WALLET.INVALID_REQUEST')
        const result = await run(body.data, request.id)
        if (!result.ok) return sendWalletFailure(reply, result.code)
        return { status: true as const, data: result.value }
      },
    )
  }

  route('/authenticate', authenticateRequest, (body) => wallet.authenticate(body))
  route('/balance', balanceRequest, (body) => wallet.balance(body.playerId))
  route('/debit', debitRequest, (body, requestId) => wallet.debit(body, requestId))
  route('/credit', creditRequest, (body, requestId) => wallet.credit(body, requestId))
  route('/rollback', rollbackRequest, (body, requestId) => wallet.rollback(body, requestId))
}
export default casinoWalletRoutes
