import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandsRepository } from '../db/repositories/brands'
import { buildTestApp, type TestApp } from '../test/test-app'

describe('/brand-assets/{host}/{file}', () => {
  let t: TestApp
  const onDisk = (folder: string, file: string) =>
    readFileSync(join(t.config.BRAND_ASSETS_DIR, folder, file))
  const get = (url: string) => t.app.inject({ method: 'GET', url })

  beforeAll(async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
    await brandsRepository(t.app.db).ensure({
      id: 'lotus',
      host: 'lotus.example',
      name: 'Lotus Exchange',
      isDefault: false,
      config: { site: { themeColor: '#123456', appName: 'Lotus' } },
    })
  })
  afterAll(() => t.close())

  it.each([
    ['logo.png', 'image/png'],
    ['touch-icon.png', 'image/png'],
    ['icon-192.png', 'image/png'],
    ['icon-512.png', 'image/png'],
    ['favicon.ico', 'image/x-icon'],
  ])('serves the localhost brand its own %s', async (file, type) => {
    const res = await get(`/brand-assets/localhost/${file}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(type)
    expect(res.rawPayload.equals(onDisk('localhost', file))).toBe(true)
  })

  it('serves the stock artwork to a brand without a folder and to unknown hosts', async () => {
    for (const host of ['lotus.example', 'www.lotus.example', '127.0.0.1']) {
      const res = await get(`/brand-assets/${host}/logo.png`)
      expect(res.statusCode, host).toBe(200)
      expect(res.rawPayload.equals(onDisk('default', 'logo.png')), host).toBe(true)
    }
    expect(onDisk('default', 'logo.png').equals(onDisk('localhost', 'logo.png'))).toBe(false)
  })

  it('builds a valid manifest from the brand configuration', async () => {
    const res = await get('/brand-assets/www.lotus.example/manifest.webmanifest')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/manifest+json')
    const manifest = res.json()
    expect(manifest).toMatchObject({
      name: 'Lotus',
      short_name: 'Lotus',
      start_url: '/',
      display: 'standalone',
      theme_color: '#123456',
    })
    expect(manifest.icons.map((i: { src: string; sizes: string }) => [i.src, i.sizes])).toEqual([
      ['/brand-assets/lotus.example/icon-192.png', '192x192'],
      ['/brand-assets/lotus.example/icon-512.png', '512x512'],
      ['/brand-assets/lotus.example/icon-512.png', '512x512'],
    ])
    for (const icon of manifest.icons) expect((await get(icon.src)).statusCode).toBe(200)
  })

  it('names each seeded brand in its manifest (the default brand answers other hosts)', async () => {
    expect((await get('/brand-assets/localhost/manifest.webmanifest')).json().name).toBe(
      'Backlay (local)',
    )
    expect((await get('/brand-assets/127.0.0.1/manifest.webmanifest')).json().name).toBe('Backlay')
  })

  it.each([
    '/brand-assets/localhost/secret.txt',
    '/brand-assets/localhost/..%2F..%2Fpackage.json',
    '/brand-assets/..%2F..%2Fsrc/logo.png.map',
  ])('answers 404 JSON with a msg for %s', async (url) => {
    const res = await get(url)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ status: false, code: 'ROUTE.NOT_FOUND' })
    expect(res.json().msg).toMatch(/brand asset/)
  })
})
