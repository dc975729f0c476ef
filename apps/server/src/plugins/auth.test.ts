import { TOKEN_EXPIRES_IN_HEADER, TOKEN_HEADER } from '@backlay/contract/token-headers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usersRepository } from '../db/repositories/users'
import { fail } from '../result'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { startSession } from '../use-cases/sessions'

describe('requireUser', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { FEED: 'off' },
      beforeReady: (app) => {
        app.addSessionCheck(async (_claims, request) =>
          request.headers['x-probe-refuse'] ? fail('PROBE.FORBIDDEN', 'Refused by probe.') : null,
        )
        app.get('/api/v1/probe', { preHandler: app.requireUser }, async (request) => ({
          status: true,
          data: request.user,
        }))
      },
    })
  })
  afterAll(() => t.close())

  const probe = (authorization?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/probe',
      headers: { ...headers, ...(authorization ? { authorization } : {}) },
    })
  const sessionOf = async (userName: string) => {
    const user = await usersRepository(t.app.db).findByUserName('localhost', userName)
    if (!user) throw new Error(`seed missing ${userName}`)
    return { user, issued: await startSession(t.app.db, t.app.tokens, user) }
  }

  it('lets a token with a live session through with its claims', async () => {
    const { user, issued } = await sessionOf('demo1')
    const res = await probe(`Bearer ${issued.token}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ userId: user.id, brandId: 'localhost', role: 'player' })
  })

  it.each([undefined, 'Bearer', 'Basic dXNlcjpwYXNz', 'Bearer not-a-token'])(
    'answers 401 with a msg for authorization %j',
    async (authorization) => {
      const res = await probe(authorization)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ status: false, code: 'AUTH.UNAUTHORIZED' })
      expect(res.json().msg).toMatch(/log in/)
    },
  )

  it('refuses a correctly signed token that has no session row', async () => {
    const { user } = await sessionOf('demo1')
    const { token } = await t.app.tokens.issue({
      userId: user.id,
      brandId: 'localhost',
      role: 'player',
    })
    const res = await probe(`Bearer ${token}`)
    expect(res.statusCode).toBe(401)
    expect(res.json().msg).toBe('Invalid session. Please log in again.')
  })

  it('refuses a session row that belongs to another user', async () => {
    const { issued } = await sessionOf('demo1')
    const other = await usersRepository(t.app.db).findByUserName('localhost', 'demo2')
    const verified = await t.app.tokens.verify(issued.token)
    if (!verified.ok || !other) throw new Error('setup failed')
    const { token } = await t.app.tokens.issue({
      userId: other.id,
      brandId: 'localhost',
      role: 'player',
      sessionId: verified.value.sessionId,
    })
    expect((await probe(`Bearer ${token}`)).statusCode).toBe(401)
  })

  it('answers 403 for a locked user and applies added checks after the session check', async () => {
    const { user, issued } = await sessionOf('demo2')
    expect((await probe(`Bearer ${issued.token}`, { 'x-probe-refuse': '1' })).statusCode).toBe(403)
    await t.app.db.updateTable('users').set({ locked: true }).where('id', '=', user.id).execute()
    try {
      const res = await probe(`Bearer ${issued.token}`)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toMatchObject({ status: false, code: 'AUTH.LOCKED' })
      // Both checks refuse: the session check's answer wins, though they read side by side.
      const both = await probe(`Bearer ${issued.token}`, { 'x-probe-refuse': '1' })
      expect(both.json()).toMatchObject({ status: false, code: 'AUTH.LOCKED' })
    } finally {
      await t.app.db.updateTable('users').set({ locked: false }).where('id', '=', user.id).execute()
    }
  })

  it('refuses the next call after a lock committed in a transaction, though a call read the session meanwhile', async () => {
    const { user, issued } = await sessionOf('demo1')
    const call = () => probe(`Bearer ${issued.token}`)
    // The session and its unlocked user are now kept in memory.
    expect((await call()).statusCode).toBe(200)
    let during: ReturnType<typeof call> | undefined
    await t.app.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ locked: true }).where('id', '=', user.id).execute()
      // On PostgreSQL this call reads the row as it was, on another connection, before the
      // commit (PGlite makes it wait for the commit instead): what it reads must not be kept.
      during = call()
      await new Promise((resolve) => setTimeout(resolve, 100))
    })
    try {
      await during
      const after = await call()
      expect(after.statusCode).toBe(403)
      expect(after.json()).toMatchObject({ code: 'AUTH.LOCKED' })
    } finally {
      await t.app.db.updateTable('users').set({ locked: false }).where('id', '=', user.id).execute()
    }
    expect((await call()).statusCode).toBe(200)
  })

  it('keeps a young token and renews one past half its lifetime for the same session', async () => {
    const { issued } = await sessionOf('demo1')
    const fresh = await probe(`Bearer ${issued.token}`)
    expect(fresh.headers[TOKEN_HEADER]).toBeUndefined()

    const ttl = t.config.JWT_TTL_SECONDS
    clock.advance(Math.ceil(ttl / 2) * 1000)
    const aged = await probe(`Bearer ${issued.token}`)
    expect(aged.statusCode).toBe(200)
    const renewed = String(aged.headers[TOKEN_HEADER]).replace(/^Bearer /, '')
    expect(renewed).not.toBe(issued.token)
    expect(Number(aged.headers[TOKEN_EXPIRES_IN_HEADER])).toBe(ttl)

    // Past the old token's end the renewed one (same session, moved end) still lets the player in.
    clock.advance(Math.ceil(ttl / 2 + 1) * 1000)
    expect((await probe(`Bearer ${issued.token}`)).statusCode).toBe(401)
    const later = await probe(`Bearer ${renewed}`)
    expect(later.statusCode).toBe(200)
    expect(later.json().data.sessionId).toBe(aged.json().data.sessionId)
  })

  it('answers 401 once the token has expired', async () => {
    const { issued } = await sessionOf('demo1')
    clock.advance((t.config.JWT_TTL_SECONDS + 1) * 1000)
    const res = await probe(`Bearer ${issued.token}`)
    expect(res.statusCode).toBe(401)
    expect(res.json().msg).toBe('Session expired. Please log in again.')
  })
})
