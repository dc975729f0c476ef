import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fail } from '../result'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

describe('requireUser', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { FEED: 'off' },
      beforeReady: (app) => {
        app.addSessionCheck(async (claims) =>
          claims.userId === 'locked-user' ? fail('AUTH.LOCKED', 'Your account is locked.') : null,
        )
        app.get('/api/v1/probe', { preHandler: app.requireUser }, async (request) => ({
          status: true,
          data: request.user,
        }))
      },
    })
  })
  afterAll(() => t.close())

  const probe = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/v1/probe',
      headers: authorization ? { authorization } : {},
    })

  it('lets a valid bearer token through with its claims', async () => {
    const { token } = await t.app.tokens.issue({
      userId: 'u1',
      brandId: 'localhost',
      role: 'player',
      sessionId: 's1',
    })
    const res = await probe(`Bearer ${token}`)
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({
      userId: 'u1',
      brandId: 'localhost',
      role: 'player',
      sessionId: 's1',
    })
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

  it('answers 401 once the token has expired', async () => {
    const { token } = await t.app.tokens.issue({
      userId: 'u1',
      brandId: 'localhost',
      role: 'player',
    })
    clock.advance((t.config.JWT_TTL_SECONDS + 1) * 1000)
    const res = await probe(`Bearer ${token}`)
    expect(res.statusCode).toBe(401)
    expect(res.json().msg).toBe('Session expired. Please log in again.')
  })

  it('applies added session checks (a locked user gets 403)', async () => {
    const { token } = await t.app.tokens.issue({
      userId: 'locked-user',
      brandId: 'localhost',
      role: 'player',
    })
    const res = await probe(`Bearer ${token}`)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({
      status: false,
      msg: 'Your account is locked.',
      code: 'AUTH.LOCKED',
    })
  })
})
