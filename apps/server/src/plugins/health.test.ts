import { readyResponse } from '@backlay/contract/health'
import { afterEach, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

describe('health probes', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  const ready = async (app: TestApp['app']) => {
    const res = await app.inject({ method: 'GET', url: '/health/ready' })
    return { status: res.statusCode, body: readyResponse.parse(res.json()) }
  }

  it('is live, and ready once migrated with the store answering and no ticking feed', async () => {
    t = await buildTestApp()
    const live = await t.app.inject({ method: 'GET', url: '/health/live' })
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }])
    expect(await ready(t.app)).toEqual({
      status: 200,
      body: { ready: true, checks: { store: 'ok', migrations: 'applied', feed: 'off' } },
    })
  })

  it('is not ready while a ticking feed is silent past FEED_STALE_SECONDS, and ready once it answers', async () => {
    const clock = manualClock('2026-11-25T10:00:00Z')
    // Ticking every hour: nothing ticks during the test unless it asks.
    t = await buildTestApp({ clock, env: { FEED_TICK_MS: '3600000', FEED_STALE_SECONDS: '30' } })
    expect((await ready(t.app)).body.checks.feed).toBe('fresh')
    clock.advance(31_000)
    expect(await ready(t.app)).toEqual({
      status: 503,
      body: { ready: false, checks: { store: 'ok', migrations: 'applied', feed: 'stale' } },
    })
    await t.app.feed?.tick()
    expect(await ready(t.app)).toMatchObject({ status: 200, body: { ready: true } })
  })

  it('turns not ready when the store stops answering, and stays live', async () => {
    t = await buildTestApp()
    await t.app.db.destroy()
    expect(await ready(t.app)).toEqual({
      status: 503,
      body: { ready: false, checks: { store: 'down', migrations: 'unknown', feed: 'off' } },
    })
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).statusCode).toBe(200)
  })
})
