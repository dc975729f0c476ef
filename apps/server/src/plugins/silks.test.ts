import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'

describe('GET /silks/:file', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
  })
  afterAll(() => t.close())

  it('answers a runner’s silks as an SVG image the browser may keep for a day', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/silks/trap-2.svg' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('image/svg+xml')
    expect(res.headers['cache-control']).toBe('public, max-age=86400')
    expect(res.body).toContain('fill="#1565c0"')
  })

  it('answers a name it cannot draw with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/silks/trap-9.svg' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: false, code: 'ROUTE.NOT_FOUND' })
  })
})
