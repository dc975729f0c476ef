import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'

describe('back office serving', () => {
  let t: TestApp
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'backoffice-dist-'))
    mkdirSync(join(dist, 'assets'))
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>')
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)')
    t = await buildTestApp({ env: { FEED: 'off', BACKOFFICE_DIST: dist } })
  }, 180_000)
  afterAll(() => t.close())

  it('serves hashed assets for a year and the app for any console path', async () => {
    const asset = await t.app.inject({ url: '/backoffice/assets/app-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['content-type']).toContain('text/javascript')
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.body).toBe('console.log(1)')
    for (const url of ['/backoffice', '/backoffice/', '/backoffice/players/42']) {
      const page = await t.app.inject({ url })
      expect(page.statusCode, url).toBe(200)
      expect(page.headers['content-type']).toContain('text/html')
      expect(page.body).toContain('<title>console</title>')
    }
  })

  it('leaves the API its own JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/admin/nope' })
    expect(res.statusCode).toBe(404)
  })
})
