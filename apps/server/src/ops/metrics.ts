import type { PlacedBet } from '@backlay/contract/bets'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Result } from '../result'

/** What a gauge reads when Prometheus scrapes; async readers may ask the store. */
export interface GaugeReaders {
  /** Connections of the PostgreSQL pool; absent on PGlite (one embedded connection). */
  pool?: () => { total: number; idle: number; waiting: number }
  /** Stream clients of this process and the bytes queued for them; absent with stream workers. */
  stream?: () => { clients: number; queuedBytes: number }
  /** Seconds since the feed last answered; absent when no feed ticks. */
  feedLagSeconds?: () => number
  /** Closed markets with open bets that no settlement has taken yet. */
  settlementBacklog: () => Promise<number>
}

/**
 * The server's Prometheus series (prom-client): Node's own (event-loop delay, heap, GC), HTTP
 * latency per route, placements by outcome and reason, the exchange's group commits, and the
 * gauges read at scrape time.
 */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP answers by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const bets = new Counter({
    name: 'backlay_bets_total',
    help: 'Placement answers: placed (matched, partly matched or unmatched) or refused by reason',
    labelNames: ['outcome', 'reason'] as const,
    registers: [registry],
  })
  const groupSize = new Histogram({
    name: 'backlay_group_commit_entries',
    help: 'Exchange changes written by one group transaction',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [registry],
  })
  const groupDuration = new Histogram({
    name: 'backlay_group_commit_duration_seconds',
    help: 'Time of one group transaction, from its start to its commit',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  })

  return {
    registry,
    /** One HTTP answer; `route` is the route's pattern, so ids do not make new series. */
    observeHttp(method: string, route: string, statusCode: number, seconds: number) {
      httpDuration.observe({ method, route, status_code: String(statusCode) }, seconds)
    },
    /** One placement's answer. */
    observePlacement(result: Result<{ bets: readonly PlacedBet[] }>) {
      if (!result.ok) {
        bets.inc({ outcome: 'refused', reason: result.code })
        return
      }
      const matched = result.value.bets.some((b) => b.matched_stack > 0)
      const unmatched = result.value.bets.some((b) => b.unmatched_stack > 0)
      const outcome = !matched ? 'unmatched' : unmatched ? 'partly_matched' : 'matched'
      bets.inc({ outcome, reason: '' })
    },
    /** One group transaction of the exchange. */
    observeGroupCommit(entries: number, seconds: number) {
      groupSize.observe(entries)
      groupDuration.observe(seconds)
    },
    /** Registers the gauges that read the running server when scraped. */
    readGauges(readers: GaugeReaders) {
      const { pool, stream, feedLagSeconds, settlementBacklog } = readers
      if (pool) {
        new Gauge({
          name: 'backlay_db_pool_connections',
          help: 'PostgreSQL pool connections by state (waiting: queries queued for one)',
          labelNames: ['state'] as const,
          registers: [registry],
          collect() {
            const now = pool()
            this.set({ state: 'total' }, now.total)
            this.set({ state: 'idle' }, now.idle)
            this.set({ state: 'waiting' }, now.waiting)
          },
        })
      }
      if (stream) {
        new Gauge({
          name: 'backlay_stream_clients',
          help: 'WebSocket stream clients connected to this process',
          registers: [registry],
          collect() {
            this.set(stream().clients)
          },
        })
        new Gauge({
          name: 'backlay_stream_send_queue_bytes',
          help: 'Bytes written to stream clients that their sockets have not sent yet',
          registers: [registry],
          collect() {
            this.set(stream().queuedBytes)
          },
        })
      }
      if (feedLagSeconds) {
        new Gauge({
          name: 'backlay_feed_lag_seconds',
          help: 'Seconds since the market feed last answered',
          registers: [registry],
          collect() {
            this.set(feedLagSeconds())
          },
        })
      }
      new Gauge({
        name: 'backlay_settlement_backlog_markets',
        help: 'Closed markets whose open bets wait for settlement',
        registers: [registry],
        async collect() {
          this.set(await settlementBacklog())
        },
      })
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
