import { serverTimeResponse } from '@backlay/contract/server-time'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('GET /api/v1/server-time', () => {
  const clock = manualClock('2026-11-23T10:00:00.000Z')
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  it('answers the injected clock as ISO time and epoch milliseconds', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/server-time' })
    expect(res.statusCode).toBe(200)
    const body = serverTimeResponse.parse(res.json())
    expect(body.data).toEqual({
      serverTime: '2026-11-23T10:00:00.000Z',
      epochMs: Date.parse('2026-11-23T10:00:00.000Z'),
    })
  })

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({
      status: false,
      msg: 'No such call: GET /api/v1/nope',
      code: 'ROUTE.NOT_FOUND',
    })
  })
})
