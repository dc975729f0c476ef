import { IDENTITY_ERRORS, type IdentityResponse } from '@backlay/contract/betfair-api'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requestBrand } from '../http/request-brand'
import { guardedLogin } from '../use-cases/guarded-login'
import { renewSessionIfDue, revokeSession, startSession } from '../use-cases/sessions'
import { openApiDoc } from './api-doc'
import { keyReader, useAppKey } from './app-keys'

const credentials = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
})

/** The login form: URL-encoded as Betfair's clients send it, or JSON. */
function formOf(request: FastifyRequest): unknown {
  const text = String(request.body ?? '')
  if (!(request.headers['content-type'] ?? '').includes('json'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name]
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * Betfair's identity service under /betfair/identity/api: login (form username and password,
 * header X-Application), keepAlive and logout (header X-Authentication). The session is a
 * Backlay session: the web login's failed-login guard and step-up apply, and logout ends it.
 * Answers are HTTP 200 with `status` SUCCESS or FAIL, as Betfair's.
 */
export async function identityRoutes(app: FastifyInstance) {
  // Read as text, so a body of any type gets the identity service's answer, never another shape.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  const keys = keyReader(app.db, app.ownWrites)
  const otpDeps = { db: app.db, clock: app.clock, sender: app.otpSender, guard: app.loginGuard }
  const answer = (product: string, token: string, error = ''): IdentityResponse => ({
    token,
    product,
    status: error ? 'FAIL' : 'SUCCESS',
    error,
  })

  app.addHook('onRequest', async (request, reply) => {
    if ((await app.apiRateWait(request)) !== null)
      return reply.send(answer(header(request, 'x-application'), '', IDENTITY_ERRORS.tooMany))
  })

  app.post(
    '/login',
    openApiDoc(
      'Betfair identity: log in',
      "Form `username`, `password`; header X-Application. Answers `{token, product, status, error}` with Betfair's error names.",
    ),
    async (request) => {
      const product = header(request, 'x-application')
      const form = credentials.safeParse(formOf(request))
      if (!form.success) return answer(product, '', IDENTITY_ERRORS.input)
      if (!product) return answer(product, '', IDENTITY_ERRORS.appKey)
      const brand = await requestBrand(request)
      if (!brand.ok) return answer(product, '', IDENTITY_ERRORS.invalid)
      const login = await guardedLogin(otpDeps, brand.value, {
        userName: form.data.username,
        password: form.data.password,
        ip: request.ip,
      })
      if (login.kind === 'step-up') return answer(product, '', IDENTITY_ERRORS.stepUp)
      if (login.kind === 'refused') {
        const code = login.failure.code
        return answer(
          product,
          '',
          code === 'AUTH.LOCKED'
            ? IDENTITY_ERRORS.locked
            : code === 'AUTH.RATE_LIMITED'
              ? IDENTITY_ERRORS.tooMany
              : IDENTITY_ERRORS.invalid,
        )
      }
      const key = await keys(product)
      if (!(await useAppKey(app.db, login.user.id, product, app.clock.now(), key)))
        return answer(product, '', IDENTITY_ERRORS.appKey)
      if (!key?.allowed) return answer(product, '', IDENTITY_ERRORS.noAccess)
      const session = await startSession(app.db, app.tokens, login.user)
      return answer(product, session.token)
    },
  )

  app.post(
    '/keepAlive',
    openApiDoc(
      'Betfair identity: keep the session alive',
      'Header X-Authentication; renews the session token.',
    ),
    async (request) => {
      const product = header(request, 'x-application')
      const token = header(request, 'x-authentication')
      const session = token ? await app.playerSession(token, request) : null
      if (!session?.ok) return answer(product, '', IDENTITY_ERRORS.noSession)
      const renewed = await renewSessionIfDue(
        app.db,
        app.tokens,
        app.clock,
        app.config.JWT_TTL_SECONDS,
        session.value,
      )
      return answer(product, renewed?.token ?? token)
    },
  )

  app.post(
    '/logout',
    openApiDoc('Betfair identity: log out', 'Header X-Authentication; ends the session.'),
    async (request) => {
      const product = header(request, 'x-application')
      const token = header(request, 'x-authentication')
      const session = token ? await app.playerSession(token, request) : null
      if (!session?.ok) return answer(product, '', IDENTITY_ERRORS.noSession)
      await revokeSession(app.db, app.clock, session.value.sessionId)
      return answer(product, '')
    },
  )

  // Certificate login needs a client certificate on a TLS connection; without one it fails the
  // way Betfair's does, and a client can use the form login above.
  app.post(
    '/certlogin',
    openApiDoc(
      'Betfair identity: certificate login',
      'Answers CERT_AUTH_REQUIRED: client certificates are not taken.',
    ),
    async () => ({ loginStatus: 'CERT_AUTH_REQUIRED' }),
  )
}
