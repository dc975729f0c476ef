/*
 * Watches for a second primary: every round, a write is tried on each host's PostgreSQL
 * directly (not through HAProxy). A host that acknowledges a write is acting as the primary;
 * two in one round, or an acknowledged write the final database lacks (a former primary's,
 * rewound when it rejoined), would be two primaries at once.
 */
import pg from 'pg'
import type { HaHost } from './ha-topology'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ROUND_MS = 250
/** A host that has not answered by then counts as not acknowledging (it may be frozen or cut). */
const PROBE_TIMEOUT_MS = 1_500

export const PROBE_TABLE_SQL =
  'CREATE TABLE IF NOT EXISTS ha_probe (round int NOT NULL, host text NOT NULL, PRIMARY KEY (round, host))'

export class PrimaryProbe {
  /** Per round, the hosts that acknowledged its write. */
  readonly acknowledged = new Map<number, string[]>()
  private running = true
  private readonly done: Promise<void>

  constructor(hosts: readonly HaHost[], password: string) {
    this.done = (async () => {
      for (let round = 0; this.running; round++) {
        const acks = await Promise.all(hosts.map((h) => this.write(h, password, round)))
        this.acknowledged.set(
          round,
          hosts.filter((_, i) => acks[i]).map((h) => h.name),
        )
        await sleep(ROUND_MS)
      }
    })()
  }

  /**
   * No statement_timeout: cancelling a commit that waits for its synchronous standby leaves it
   * committed locally and answers success. A client-side timeout leaves the outcome unknown,
   * which counts as no acknowledgement.
   */
  private async write(h: HaHost, password: string, round: number): Promise<boolean> {
    const client = new pg.Client({
      host: h.ip,
      port: 5432,
      user: 'postgres',
      password,
      database: 'backlay',
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
    })
    client.on('error', () => {})
    const timeout = sleep(PROBE_TIMEOUT_MS).then(() => false)
    const attempt = (async () => {
      await client.connect()
      await client.query('INSERT INTO ha_probe (round, host) VALUES ($1, $2)', [round, h.name])
      return true
    })().catch(() => false)
    const acknowledged = await Promise.race([attempt, timeout])
    // A connection stuck on a frozen host is dropped, not waited for.
    void client.end().catch(() => {})
    return acknowledged
  }

  async stop() {
    this.running = false
    await this.done
  }

  /** The largest number of hosts that acknowledged a write in one round. */
  get mostPrimariesAtOnce() {
    return Math.max(0, ...[...this.acknowledged.values()].map((h) => h.length))
  }

  /** Acknowledged probe writes as round:host. */
  get writes() {
    return [...this.acknowledged].flatMap(([round, names]) => names.map((n) => `${round}:${n}`))
  }
}
