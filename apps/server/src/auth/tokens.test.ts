import { describe, expect, it } from 'vitest'
import { manualClock } from '../test/test-app'
import { createTokenService } from './tokens'

const SECRET = 'a-test-secret-that-is-long-enough-000000'
const claims = { userId: 'u1', brandId: 'localhost', role: 'player' as const }

describe('session tokens', () => {
  it('round-trips the claims and reports expiry in epoch seconds', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z')
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 3600, clock })
    const issued = await tokens.issue({ ...claims, sessionId: 's1' })
    expect(issued.expiresAt).toBe(Date.parse('2026-11-23T11:00:00Z') / 1000)
    expect(await tokens.verify(issued.token)).toEqual({
      ok: true,
      value: { ...claims, sessionId: 's1', expiresAt: issued.expiresAt },
    })
  })

  it('refuses an expired token, also one that verified before', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z')
    const tokens = createTokenService({ secret: SECRET, ttlSeconds: 60, clock })
    const { token } = await tokens.issue(claims)
    clock.advance(59_000)
    expect(await tokens.verify(token)).toMatchObject({ ok: true })
    clock.advance(1_000)
    expect(await tokens.verify(token)).toMatchObject({
      ok: false,
      code: 'AUTH.UNAUTHORIZED',
      msg: 'Session expired. Please log in again.',
    })
  })

  it('refuses a token signed with another secret, a tampered one and garbage', async () => {
    const clock = manualClock('2026-11-23T10:00:00Z')
    const ours = createTokenService({ secret: SECRET, ttlSeconds: 60, clock })
    const theirs = createTokenService({ secret: `${SECRET}x`, ttlSeconds: 60, clock })
    const { token } = await theirs.issue(claims)
    const genuine = (await ours.issue(claims)).token
    const [header, , signature] = genuine.split('.')
    const forgedPayload = Buffer.from(
      JSON.stringify({ sub: 'admin', brand: 'x', role: 'operator', sid: 's' }),
    ).toString('base64url')
    for (const bad of [token, `${header}.${forgedPayload}.${signature}`, 'garbage', '']) {
      expect(await ours.verify(bad)).toMatchObject({ ok: false, code: 'AUTH.UNAUTHORIZED' })
    }
  })
})
