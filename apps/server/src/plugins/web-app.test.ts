import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'

describe('serving the built web app', () => {
  let t: TestApp
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'backlay-dist-'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Backlay</title>')
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)')
    t = await buildTestApp({ env: { WEB_DIST: dist, FEED: 'off' } })
  })
  afterAll(() => t.close())

  it('serves files from the dist folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('console.log(1)')
  })

  it('sends a script only the headers that apply to it; pages keep the whole policy', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' })
    expect(script.headers['x-content-type-options']).toBe('nosniff')
    expect(script.headers['cross-origin-resource-policy']).toBe('same-site')
    expect(script.headers['strict-transport-security']).toContain('max-age=')
    expect(script.headers['content-security-policy']).toBeUndefined()
    expect(script.headers['x-frame-options']).toBeUndefined()
    for (const url of ['/', '/assets/app.js.map', '/api/v1/server-time']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'")
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN')
    }
  })

  it.each(['/', '/sports-page/Cricket/4', '/event-page/4/123/1.5'])(
    'answers index.html for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.body).toContain('<title>Backlay</title>')
    },
  )

  it('keeps /api paths as JSON 404s', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: false, code: 'ROUTE.NOT_FOUND' })
  })

  it('answers other methods outside /api with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/somewhere' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: false, code: 'ROUTE.NOT_FOUND' })
  })
})
