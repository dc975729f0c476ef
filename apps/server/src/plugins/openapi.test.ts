import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'

describe('OpenAPI document', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  it('describes the calls with their zod-derived bodies at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> }
    expect(doc.openapi).toMatch(/^3\./)
    const register = doc.paths['/api/v1/user/register']?.post as {
      requestBody: { content: Record<string, { schema: { required: string[] } }> }
    }
    expect(register.requestBody.content['application/json']?.schema.required).toEqual(
      expect.arrayContaining(['user_name', 'password', 'country_code']),
    )
    expect(doc.paths['/api/v1/auth/forgotPassword']).toBeDefined()
    // The trading API's doors, described (they read their bodies as Betfair's clients send them).
    for (const path of [
      '/betfair/identity/api/login',
      '/betfair/exchange/betting/json-rpc/v1',
      '/betfair/exchange/account/rest/v1.0/{operation}',
    ])
      expect(doc.paths[path]?.post).toMatchObject({ tags: ['Trading API (Betfair-compatible)'] })
    expect(JSON.stringify(doc.paths['/betfair/exchange/betting/json-rpc/v1'])).toContain(
      'placeOrders',
    )
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect(ui.statusCode).toBeLessThan(400)
  })
})
