import { feedStatusResponse } from '@backlay/contract/feed-report'
import { afterEach, describe, expect, it } from 'vitest'
import type { App } from '../../../../app'
import { DEV_OPERATOR } from '../../../../seed/seed-dev-data'
import { recording } from '../../../../test/betfair-recordings'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

async function feedView(app: App) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/admin/login',
    payload: { userName: DEV_OPERATOR.userName, password: DEV_OPERATOR.password },
  })
  const token = login.json().data.token as string
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/admin/feed',
    headers: { authorization: `Bearer ${token}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  return feedStatusResponse.parse(res.json()).data
}

describe('GET /api/v1/admin/feed', () => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it("shows the simulator's seed, its last tick and the lag since", async () => {
    const clock = manualClock('2026-12-02T10:00:00Z')
    t = await buildTestApp({ clock })
    const started = clock.now()
    clock.advance(5_000)
    const view = await feedView(t.app)
    expect(view).toMatchObject({
      kind: 'simulator',
      source: 'seed backlay',
      state: 'running',
      lastMessageAt: started,
      lagSeconds: 5,
    })
    expect(view?.openMarkets).toBeGreaterThan(0)
    expect(view?.replay).toBeUndefined()
  })

  it("shows a replay's files, its progress and what it skipped", async () => {
    const clock = manualClock('2026-12-02T10:00:00Z')
    const file = recording('RACE-1.140075353')
    const basic = recording('BASIC-1.223716976')
    t = await buildTestApp({
      clock,
      env: {
        FEED: 'betfair-replay',
        FEED_REPLAY_FILES: `${basic},${file}`,
        FEED_REPLAY_SPEED: '0',
      },
    })
    for (let i = 0; i < 20 && (await feedView(t.app))?.state !== 'finished'; i++) {
      clock.advance(1_000)
      await t.app.feed?.tick()
    }
    const view = await feedView(t.app)
    expect(view).toMatchObject({
      kind: 'betfair-replay',
      source: `${basic}, ${file}`,
      state: 'finished',
      lagSeconds: null,
      replay: {
        files: 2,
        lines: 366,
        markets: 1,
        // Race positions (rcm) are Betfair's racing data, not prices: counted, not read.
        skipped: { 'op rcm is not read': 4 },
        finished: true,
      },
    })
    expect(view?.replay?.bytesRead).toBe(view?.replay?.bytes)
  })

  it('answers null when no feed runs', async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
    expect(await feedView(t.app)).toBeNull()
  })
})
