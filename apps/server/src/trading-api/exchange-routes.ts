import { APING_ERRORS, type ApingErrorCode } from '@backlay/contract/betfair-api'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type ApiCaller, apiCaller } from './api-caller'
import { openApiDoc } from './api-doc'
import { ApingError } from './api-errors'
import { keyReader } from './app-keys'
import { operations } from './operations'
import { jsonOf } from './raw-json'

type Api = 'SportsAPING' | 'AccountAPING'
const ENDPOINTS: [path: string, api: Api][] = [
  ['betting', 'SportsAPING'],
  ['account', 'AccountAPING'],
]

/** Betfair's fault detail: the APINGException with the request's id. */
const fault = (request: FastifyRequest, error: ApingError) => ({
  APINGException: {
    requestUUID: request.id,
    errorCode: error.errorCode,
    errorDetails: error.details,
  },
  exceptionname: 'APINGException' as const,
})

class UnknownOperation extends Error {}

/**
 * API-NG under /betfair/exchange: JSON-RPC (`<API>/v1.0/<operation>`, one call or a batch; HTTP
 * 200 always, errors in the call's `error`) and REST (`rest/v1.0/<operation>/`, faults with HTTP
 * 400), both checking X-Application and X-Authentication once per request.
 */
export async function exchangeRoutes(app: FastifyInstance) {
  const table = operations(app)
  const keys = keyReader(app.db, app.ownWrites)
  // Bodies are read as text: one that is not JSON is JSON-RPC's parse error, not Fastify's 400.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))

  const run = async (api: Api, name: string, params: unknown, caller: ApiCaller) => {
    const op = table[api][name]
    if (!op) throw new UnknownOperation(name)
    const parsed = op.params.safeParse(params ?? {})
    if (!parsed.success)
      throw new ApingError(
        'INVALID_INPUT_DATA',
        parsed.error.issues.map((i) => `${i.path.join('.') || 'params'}: ${i.message}`).join('; '),
      )
    return op.run(caller, parsed.data as never)
  }
  /** The caller, or the refusal every call of the request gets. */
  const callerOf = async (request: FastifyRequest): Promise<ApiCaller | ApingError> => {
    const wait = await app.apiRateWait(request)
    if (wait !== null)
      return new ApingError(
        'TOO_MANY_REQUESTS',
        `Too many requests. Please try again in ${wait} seconds.`,
      )
    try {
      return await apiCaller(app, request, keys)
    } catch (error) {
      if (error instanceof ApingError) return error
      throw error
    }
  }
  const unexpected = (request: FastifyRequest, error: unknown) => {
    if (error instanceof ApingError || error instanceof UnknownOperation) return error
    request.log.error({ err: error }, 'trading API call failed')
    return new ApingError('UNEXPECTED_ERROR', 'An unexpected internal error occurred.')
  }

  for (const [path, api] of ENDPOINTS) {
    const names = Object.keys(table[api]).join(', ')
    app.post(
      `/${path}/json-rpc/v1`,
      openApiDoc(
        `Betfair API-NG ${api} over JSON-RPC`,
        `One call or a batch of \`{jsonrpc: "2.0", method: "${api}/v1.0/<operation>", params, id}\`, headers X-Application and X-Authentication; HTTP 200 with errors in each call's \`error\` (APINGException). Operations: ${names}. Params and answers as Betfair documents them.`,
      ),
      async (request, reply) => {
        let body: unknown
        try {
          body = JSON.parse(String(request.body ?? ''))
        } catch {
          return rpcError(null, -32700, 'DSC-0008')
        }
        const calls = Array.isArray(body) ? body : [body]
        const caller = await callerOf(request)
        const answers: string[] = []
        // One after another: a batch's placements happen in its order.
        for (const call of calls) answers.push(await answerCall(request, api, call, caller))
        return reply
          .type('application/json; charset=utf-8')
          .send(Array.isArray(body) ? `[${answers.join(',')}]` : answers[0])
      },
    )

    const rest = async (
      request: FastifyRequest<{ Params: { operation: string } }>,
      reply: import('fastify').FastifyReply,
    ) => {
      let params: unknown = {}
      const text = String(request.body ?? '').trim()
      if (text !== '') {
        try {
          params = JSON.parse(text)
        } catch {
          return reply
            .code(400)
            .send(restFault(request, new ApingError('INVALID_INPUT_DATA', 'The body is not JSON.')))
        }
      }
      const caller = await callerOf(request)
      if (caller instanceof ApingError) return reply.code(400).send(restFault(request, caller))
      try {
        const result = await run(api, request.params.operation, params, caller)
        return reply.type('application/json; charset=utf-8').send(jsonOf(result))
      } catch (error) {
        const refused = unexpected(request, error)
        if (refused instanceof UnknownOperation)
          return reply
            .code(404)
            .send(
              restFault(
                request,
                new ApingError('INVALID_INPUT_DATA', `No such operation: ${refused.message}`),
              ),
            )
        return reply
          .code(refused.errorCode === 'UNEXPECTED_ERROR' ? 500 : 400)
          .send(restFault(request, refused))
      }
    }
    app.post(
      `/${path}/rest/v1.0/:operation`,
      openApiDoc(
        `Betfair API-NG ${api} over REST`,
        `POST the operation's params as JSON to \`rest/v1.0/<operation>/\`, headers X-Application and X-Authentication; faults with HTTP 400 (APINGException). Operations: ${names}.`,
      ),
      rest,
    )
  }

  /** One call's answer as JSON text (a kept book is spliced in as it is). */
  async function answerCall(
    request: FastifyRequest,
    api: Api,
    call: unknown,
    caller: ApiCaller | ApingError,
  ) {
    const shaped = call as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown }
    const id = typeof shaped?.id === 'number' || typeof shaped?.id === 'string' ? shaped.id : null
    if (
      typeof call !== 'object' ||
      call === null ||
      shaped.jsonrpc !== '2.0' ||
      typeof shaped.method !== 'string'
    )
      return JSON.stringify(rpcError(id, -32600, 'DSC-0007'))
    const [prefix, version, name] = shaped.method.split('/')
    if (prefix !== api || version !== 'v1.0' || !name)
      return JSON.stringify(rpcError(id, -32601, 'DSC-0021'))
    if (caller instanceof ApingError) return JSON.stringify(apingError(request, id, caller))
    try {
      const result = jsonOf(await run(api, name, shaped.params, caller))
      return `{"jsonrpc":"2.0","result":${result},"id":${JSON.stringify(id)}}`
    } catch (error) {
      const refused = unexpected(request, error)
      if (refused instanceof UnknownOperation)
        return JSON.stringify(rpcError(id, -32601, 'DSC-0021'))
      return JSON.stringify(apingError(request, id, refused))
    }
  }

  const apingError = (request: FastifyRequest, id: unknown, error: ApingError) => ({
    jsonrpc: '2.0',
    error: {
      code: -32099,
      message: APING_ERRORS[error.errorCode as ApingErrorCode],
      data: fault(request, error),
    },
    id,
  })
  const restFault = (request: FastifyRequest, error: ApingError) => ({
    faultcode: 'Client',
    faultstring: APING_ERRORS[error.errorCode],
    detail: fault(request, error),
  })
}

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  error: { code, message },
  id,
})
