import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, newPlayer, openMarket } from '../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'

/** The value of one series (name and labels exactly as exposed), or undefined when absent. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** Where the app's internal listener serves the metrics. */
const metricsUrl = (t: TestApp) => {
  const address = t.app.metricsServer?.address()
  if (!address || typeof address === 'string') throw new Error('no metrics listener')
  return `http://127.0.0.1:${address.port}/metrics`
}

describe('Prometheus metrics', () => {
  let t: TestApp
  let scrape: () => Promise<string>
  beforeAll(async () => {
    t = await buildTestApp({
      clock: manualClock('2026-11-25T10:00:00Z'),
      env: { METRICS_PORT: '0' },
    })
    scrape = async () => {
      const res = await fetch(metricsUrl(t))
      expect(res.headers.get('content-type')).toContain('text/plain')
      return res.text()
    }
  })
  afterAll(() => t.close())

  it('serves the named series on the internal port only', async () => {
    const text = await scrape()
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'http_request_duration_seconds',
      'backlay_bets_total',
      'backlay_group_commit_entries',
      'backlay_group_commit_duration_seconds',
      'backlay_stream_clients',
      'backlay_stream_send_queue_bytes',
      'backlay_settlement_backlog_markets',
    ])
      expect(text).toContain(`# TYPE ${name} `)
    // The simulator's first snapshot holds events that just finished: settled as the server starts.
    await expect
      .poll(async () => seriesValue(await scrape(), 'backlay_settlement_backlog_markets'), {
        timeout: 20_000,
      })
      .toBe(0)
    // The pool's connections exist only on PostgreSQL; PGlite is one embedded connection.
    expect(text.includes('# TYPE backlay_db_pool_connections ')).toBe(
      process.env.TEST_DB === 'postgres',
    )
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/metrics' })
    expect(publicAnswer.statusCode).toBe(404)
    expect(publicAnswer.body).not.toContain('backlay_bets_total')
  })

  it('counts a placement, its group commit and its HTTP answer', async () => {
    const market = await openMarket(t.app, 'MATCH_ODDS')
    const player = await newPlayer(t.app, { rupees: 150 })
    const before = await scrape()
    const bet = (stack: number) =>
      call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: market.id,
        odds: 1000,
        selection_id: market.runners[0]?.selection_id,
        stack,
      })
    expect((await bet(100)).status).toBe(200)
    expect((await bet(100)).status).toBe(409)
    const after = await scrape()

    const delta = (series: string) =>
      (seriesValue(after, series) ?? 0) - (seriesValue(before, series) ?? 0)
    expect(delta('backlay_bets_total{outcome="unmatched",reason=""}')).toBe(1)
    expect(delta('backlay_bets_total{outcome="refused",reason="BET.INSUFFICIENT_FUNDS"}')).toBe(1)
    expect(delta('backlay_group_commit_entries_count')).toBeGreaterThanOrEqual(1)
    expect(
      delta(
        'http_request_duration_seconds_count{method="POST",route="/api/v1/bet/saveBet",status_code="200"}',
      ),
    ).toBe(1)
    expect(
      delta(
        'http_request_duration_seconds_count{method="POST",route="/api/v1/bet/saveBet",status_code="409"}',
      ),
    ).toBe(1)
  })
})

describe('feed lag', () => {
  it('reads the seconds since a ticking feed last answered', async () => {
    const clock = manualClock('2026-11-25T10:00:00Z')
    // Ticking every hour: nothing ticks during the test unless it asks.
    const t = await buildTestApp({ clock, env: { METRICS_PORT: '0', FEED_TICK_MS: '3600000' } })
    try {
      const lag = async () =>
        seriesValue(await (await fetch(metricsUrl(t))).text(), 'backlay_feed_lag_seconds')
      clock.advance(12_000)
      expect(await lag()).toBe(12)
      await t.app.feed?.tick()
      expect(await lag()).toBe(0)
    } finally {
      await t.close()
    }
  })
})

describe('without METRICS_PORT', () => {
  it('opens no metrics listener', async () => {
    const t = await buildTestApp()
    try {
      expect(t.app.metricsServer).toBeNull()
    } finally {
      await t.close()
    }
  })
})
