import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ApiError,
  createApiClient,
  errorText,
  type ForcedLogoutReason,
  RESPONSE_HAS_NO_TOKEN,
  renewedToken,
  SERVER_NOT_RESPONDING,
} from './api-client'

interface Reply {
  status: number
  statusText?: string
  body?: string
  type?: string
  headers?: Record<string, string>
}

// A real HTTP server answering what each test asks for, so the client runs over a real socket.
let server: Server
let baseUrl: string
let nextReply: Reply = { status: 200 }
let lastRequest: IncomingMessage | undefined
let lastBody = ''

const reply = (r: Reply) => {
  nextReply = r
}
const json = (status: number, value: unknown, statusText?: string): Reply => ({
  status,
  statusText,
  body: JSON.stringify(value),
  type: 'application/json',
})

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      lastBody = body
      res.statusCode = nextReply.status
      if (nextReply.statusText) res.statusMessage = nextReply.statusText
      if (nextReply.type) res.setHeader('Content-Type', nextReply.type)
      for (const [name, value] of Object.entries(nextReply.headers ?? {}))
        res.setHeader(name, value)
      res.end(nextReply.body ?? '')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const pong = z.object({ status: z.literal(true), data: z.object({ pong: z.number() }) })

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('errorText precedence (shell §8)', () => {
  it('prefers the error field over the message', () => {
    expect(errorText({ error: 'Market closed', msg: 'Bet failed' }, 'Bad Request')).toBe(
      'Market closed',
    )
  })

  it('reads the first description of an error list', () => {
    expect(errorText({ error: [{ description: 'Odds changed' }, { description: 'x' }] }, '')).toBe(
      'Odds changed',
    )
  })

  it('falls back from message to data to status text', () => {
    expect(errorText({ message: 'Slow down' }, 'Too Many Requests')).toBe('Slow down')
    expect(errorText({ data: 'Locked' }, 'Forbidden')).toBe('Locked')
    expect(errorText({ data: { nested: true } }, 'Conflict')).toBe('Conflict')
    expect(errorText('plain text body', 'Bad Gateway')).toBe('plain text body')
  })

  it('says something readable when nothing else is there', () => {
    expect(errorText(undefined, '')).toBe('Something went wrong')
  })
})

describe('createApiClient', () => {
  it('sends JSON Accept and the bearer token, and parses with the schema', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'tok-1' })
    reply(json(200, { status: true, data: { pong: 7 }, extra: 'dropped' }))

    const answer = await client.post('/ping', { a: 1 }, pong)

    expect(answer).toEqual({ status: true, data: { pong: 7 } })
    expect(lastRequest?.url).toBe('/api/v1/ping')
    expect(lastRequest?.method).toBe('POST')
    expect(lastRequest?.headers.accept).toBe('application/json')
    expect(lastRequest?.headers.authorization).toBe('Bearer tok-1')
    expect(JSON.parse(lastBody)).toEqual({ a: 1 })
  })

  it('checks an answer against a schema given as a loader, loaded as the request goes out', async () => {
    let loads = 0
    const loadPong = async () => {
      loads += 1
      return pong
    }
    reply(json(200, { status: true, data: { pong: 8 } }))
    const answer = await createApiClient({ baseUrl }).get('ping', loadPong)
    expect(answer.data.pong).toBe(8)
    expect(loads).toBe(1)

    reply(json(200, { status: true, data: { pong: 'eight' } }))
    await expect(createApiClient({ baseUrl }).get('ping', loadPong)).rejects.toThrow(z.ZodError)
  })

  it('rejects an answer its schema does not match', async () => {
    reply(json(200, { status: true, data: { pong: 'seven' } }))
    await expect(createApiClient({ baseUrl }).get('ping', pong)).rejects.toThrow(z.ZodError)
  })

  it('sends no Authorization header without a token', async () => {
    reply(json(200, { status: true, data: { pong: 1 } }))
    await createApiClient({ baseUrl }).get('ping', pong)
    expect(lastRequest?.headers.authorization).toBeUndefined()
  })

  it('turns a 4xx envelope into an ApiError with msg and code', async () => {
    reply(json(400, { status: false, msg: 'Insufficient balance', code: 'BET.INSUFFICIENT_FUNDS' }))
    const error = await failureOf(createApiClient({ baseUrl }).get('ping', pong))
    expect(error.message).toBe('Insufficient balance')
    expect(error.code).toBe('BET.INSUFFICIENT_FUNDS')
    expect(error.status).toBe(400)
  })

  it('treats status:false with HTTP 200 as a failure', async () => {
    reply(json(200, { status: false, msg: 'Market suspended' }))
    const error = await failureOf(createApiClient({ baseUrl }).get('ping', pong))
    expect(error.message).toBe('Market suspended')
  })

  it('uses the status text when the body says nothing', async () => {
    reply({ status: 502, statusText: 'Bad Gateway' })
    const error = await failureOf(createApiClient({ baseUrl }).get('ping', pong))
    expect(error.message).toBe('Bad Gateway')
  })

  it('asks for a forced logout on 401 and on a logout flag in a success', async () => {
    const reasons: ForcedLogoutReason[] = []
    const client = createApiClient({ baseUrl, onForcedLogout: (r) => reasons.push(r) })

    reply(json(401, { status: false, msg: 'Session expired', code: 'AUTH.EXPIRED' }))
    await failureOf(client.get('ping', pong))
    reply(json(200, { status: true, data: { pong: 2 }, logout: true }))
    await client.get('ping', pong)

    expect(reasons).toEqual(['unauthorized', 'logout-flag'])
  })

  /** A port nothing listens on. */
  const closedPort = async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    return port
  }

  it("says 'Server not responding' and ends the session when no try finds the server", async () => {
    const reasons: ForcedLogoutReason[] = []
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}/api/v1`,
      onForcedLogout: (r) => reasons.push(r),
      retryDelaysMs: [1, 1, 1],
    })
    const error = await failureOf(client.get('ping', pong))

    expect(error.message).toBe(SERVER_NOT_RESPONDING)
    expect(error.status).toBe(0)
    expect(reasons).toEqual(['no-response'])
  })

  it('sends a read again after a dropped request and keeps the session', async () => {
    const reasons: ForcedLogoutReason[] = []
    let calls = 0
    const flaky: typeof fetch = (input, init) => {
      calls += 1
      return calls === 1 ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)
    }
    const client = createApiClient({
      baseUrl,
      fetch: flaky,
      onForcedLogout: (r) => reasons.push(r),
      retryDelaysMs: [1, 1, 1],
    })
    reply(json(200, { status: true, data: { pong: 4 } }))
    expect((await client.post('match/matchDetailsOpen', { match_id: '1' }, pong)).data.pong).toBe(4)
    expect(calls).toBe(2)
    expect(reasons).toEqual([])
  })

  it('does not send a write again, and keeps the session while the server answers', async () => {
    const reasons: ForcedLogoutReason[] = []
    const sent: string[] = []
    const dropsBets: typeof fetch = (input, init) => {
      sent.push(String(input))
      return String(input).endsWith('/bet/saveBet')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init)
    }
    const client = createApiClient({
      baseUrl,
      fetch: dropsBets,
      onForcedLogout: (r) => reasons.push(r),
      retryDelaysMs: [1, 1, 1],
    })
    reply(json(200, { status: true, data: { serverTime: 'now' } }))
    const error = await failureOf(client.post('bet/saveBet', { stack: 100 }, pong))
    expect(error.message).toBe(SERVER_NOT_RESPONDING)
    expect(sent.map((url) => url.slice(baseUrl.length))).toEqual(['/bet/saveBet', '/server-time'])
    expect(reasons).toEqual([])
  })

  it('ends the session when a write finds no server at any try, sending it only once', async () => {
    const reasons: ForcedLogoutReason[] = []
    const sent: string[] = []
    const origin = `http://127.0.0.1:${await closedPort()}/api/v1`
    const client = createApiClient({
      baseUrl: origin,
      fetch: (input, init) => {
        sent.push(String(input).slice(origin.length))
        return fetch(input, init)
      },
      onForcedLogout: (r) => reasons.push(r),
      retryDelaysMs: [1, 1, 1],
    })
    const error = await failureOf(client.post('bet/saveBet', { stack: 100 }, pong))
    expect(error.message).toBe(SERVER_NOT_RESPONDING)
    expect(sent).toEqual(['/bet/saveBet', '/server-time', '/server-time', '/server-time'])
    expect(reasons).toEqual(['no-response'])
  })

  it('ends no session for a request cut because the page is going away', async () => {
    const reasons: ForcedLogoutReason[] = []
    const client = createApiClient({
      baseUrl: `http://127.0.0.1:${await closedPort()}/api/v1`,
      onForcedLogout: (r) => reasons.push(r),
      retryDelaysMs: [1, 1, 1],
      isLeaving: () => true,
    })
    expect((await failureOf(client.get('ping', pong))).message).toBe(SERVER_NOT_RESPONDING)
    expect(reasons).toEqual([])
  })

  it('sends a form-encoded body with its own Authorization and returns the headers', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'tok-2' })
    nextReply = { ...json(200, { status: true, data: { pong: 3 } }) }
    const answer = await client.send(
      'user/userLogin',
      { user_name: 'ravi', password: 'secret' },
      pong,
      { method: 'POST', form: true, headers: { Authorization: 'Basic abc' } },
    )
    expect(answer.body.data.pong).toBe(3)
    expect(answer.headers.get('content-type')).toContain('application/json')
    expect(lastRequest?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(lastRequest?.headers.authorization).toBe('Basic abc')
    expect(lastBody).toBe('user_name=ravi&password=secret')
  })

  it('hands a renewed token with its expiry (seconds since epoch) to the session', async () => {
    const renewals: [string, number][] = []
    const client = createApiClient({
      baseUrl,
      getToken: () => 'tok-old',
      onRenewedToken: (token, expiresAt) => renewals.push([token, expiresAt]),
    })
    reply({
      ...json(200, { status: true, data: { pong: 4 } }),
      headers: { authorization: 'Bearer tok-new', 'x-token-expires-in': '86400' },
    })
    const before = Math.floor(Date.now() / 1000)
    await client.get('ping', pong)
    const after = Math.floor(Date.now() / 1000)
    expect(renewals).toHaveLength(1)
    const [token, expiresAt] = renewals[0] as [string, number]
    expect(token).toBe('tok-new')
    expect(expiresAt).toBeGreaterThanOrEqual(before + 86_400)
    expect(expiresAt).toBeLessThanOrEqual(after + 86_400)

    // The same token echoed back, or no header at all, is no renewal.
    reply({
      ...json(200, { status: true, data: { pong: 5 } }),
      headers: { authorization: 'Bearer tok-old', 'x-token-expires-in': '86400' },
    })
    await client.get('ping', pong)
    reply(json(200, { status: true, data: { pong: 6 } }))
    await client.get('ping', pong)
    expect(renewals).toHaveLength(1)
  })

  it('reads a renewed token only with a bearer and a positive whole expiry', () => {
    const headers = (h: Record<string, string>) => new Headers(h)
    expect(
      renewedToken(headers({ authorization: 'Bearer abc', 'x-token-expires-in': '60' }), 1000),
    ).toEqual({ token: 'abc', expiresAt: 1060 })
    expect(renewedToken(headers({ authorization: 'Bearer abc' }), 1000)).toBeUndefined()
    expect(
      renewedToken(headers({ authorization: 'Basic abc', 'x-token-expires-in': '60' }), 1000),
    ).toBeUndefined()
    expect(
      renewedToken(headers({ authorization: 'Bearer abc', 'x-token-expires-in': '-5' }), 1000),
    ).toBeUndefined()
  })

  it("refuses with 'Response has no token' when logged in without a token", async () => {
    const reasons: ForcedLogoutReason[] = []
    const client = createApiClient({
      baseUrl,
      isLoggedIn: () => true,
      onForcedLogout: (r) => reasons.push(r),
    })
    lastRequest = undefined
    const error = await failureOf(client.post('user/getBalanceCRef', {}, pong))
    expect(error.message).toBe(RESPONSE_HAS_NO_TOKEN)
    expect(reasons).toEqual(['no-token'])
    expect(lastRequest).toBeUndefined()
  })
})
