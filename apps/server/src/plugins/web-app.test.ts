import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEEP_LINK_PRELOAD_FILE } from '@backlay/contract/web-build'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'

/** A dist folder with index.html, one script and, when given, the build's deep-link list. */
const distWith = (preload?: string) => {
  const dist = mkdtempSync(join(tmpdir(), 'backlay-dist-'))
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Backlay</title>')
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)')
  if (preload !== undefined) writeFileSync(join(dist, DEEP_LINK_PRELOAD_FILE), preload)
  return dist
}

describe('serving the built web app', () => {
  let t: TestApp
  beforeAll(async () => {
    const preload = {
      modules: ['/assets/shared-1.js', '/assets/zod-2.js'],
      styles: ['/assets/shared-3.css'],
    }
    t = await buildTestApp({ env: { WEB_DIST: distWith(JSON.stringify(preload)), FEED: 'off' } })
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

  it('names the shared page code in a Link header on deep links, not on the home page', async () => {
    const deep = await t.app.inject({ method: 'GET', url: '/event-page/4/123' })
    expect(deep.headers.link).toBe(
      '</assets/shared-1.js>; rel=modulepreload, </assets/zod-2.js>; rel=modulepreload, ' +
        '</assets/shared-3.css>; rel=preload; as=style; crossorigin',
    )
    const home = await t.app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.headers.link).toBeUndefined()
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' })
    expect(api.headers.link).toBeUndefined()
  })

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

describe.each([
  ['no deep-link list', undefined],
  ['a list that is not JSON', '{modules'],
  [
    'a list naming a path outside the assets',
    '{"modules":["https://elsewhere.example/x.js"],"styles":[]}',
  ],
])('serving a build with %s', (_name, preload) => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { WEB_DIST: distWith(preload), FEED: 'off' } })
  })
  afterAll(() => t.close())

  it('answers deep links with index.html and no Link header', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/event-page/4/123' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toContain('<title>Backlay</title>')
    expect(res.headers.link).toBeUndefined()
  })
})
