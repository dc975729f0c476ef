import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { Database } from '../db/schema'
import { MarketMoved } from '../markets/trade-types'

/** A shard this node owns, under the epoch its takeover wrote. */
export interface Lease {
  readonly shard: number
  readonly epoch: number
}

/** Thrown inside a trade transaction whose node no longer owns a shard it writes: it rolls back. */
export class Fenced extends MarketMoved {
  constructor(readonly shards: readonly number[]) {
    super(`shards ${shards.join(', ')} are no longer owned here`)
  }
}

const pairs = (leases: readonly Lease[]): RawBuilder<unknown> =>
  sql.join(leases.map((l) => sql`(${l.shard}::int, ${l.epoch}::bigint)`))

/**
 * The cluster's system of record for who is alive and who owns which shard, in PostgreSQL. Every
 * time is the database's own clock (clock_timestamp()), so nodes never compare their clocks.
 */
export class LeaseStore {
  private readonly ttl: RawBuilder<unknown>

  constructor(
    private readonly db: Kysely<Database>,
    readonly nodeId: string,
    private readonly ttlMs: number,
  ) {
    this.ttl = sql`(${ttlMs}::int * interval '1 millisecond')`
  }

  /** Says this node is alive; answers the nodes seen within the lease time, this one included. */
  async heartbeat(): Promise<string[]> {
    await sql`INSERT INTO cluster_nodes (node_id, seen_at) VALUES (${this.nodeId}, clock_timestamp())
      ON CONFLICT (node_id) DO UPDATE SET seen_at = excluded.seen_at`.execute(this.db)
    const live = await sql<{ node_id: string }>`SELECT node_id FROM cluster_nodes
      WHERE seen_at > clock_timestamp() - ${this.ttl} ORDER BY node_id`.execute(this.db)
    return live.rows.map((r) => r.node_id)
  }

  /** Takes those of `shards` that nobody holds or whose lease ran out, each under a new epoch. */
  async acquire(shards: readonly number[]): Promise<Lease[]> {
    if (shards.length === 0) return []
    const taken = await sql<{ shard: number; epoch: number }>`
      INSERT INTO shard_leases (shard, owner, epoch, expires_at)
      SELECT s, ${this.nodeId}, 1, clock_timestamp() + ${this.ttl}
      FROM (VALUES ${sql.join(shards.map((s) => sql`(${s}::int)`))}) AS wanted (s)
      ON CONFLICT (shard) DO UPDATE
        SET owner = excluded.owner, epoch = shard_leases.epoch + 1, expires_at = excluded.expires_at
        WHERE shard_leases.owner IS NULL OR shard_leases.expires_at < clock_timestamp()
      RETURNING shard, epoch`.execute(this.db)
    return taken.rows.map((r) => ({ shard: Number(r.shard), epoch: Number(r.epoch) }))
  }

  /** Extends the leases still held at their epochs; answers the shards that still are. */
  async renew(leases: readonly Lease[]): Promise<Set<number>> {
    if (leases.length === 0) return new Set()
    const kept = await sql<{ shard: number }>`UPDATE shard_leases
      SET expires_at = clock_timestamp() + ${this.ttl}
      WHERE owner = ${this.nodeId} AND (shard, epoch) IN (${pairs(leases)})
      RETURNING shard`.execute(this.db)
    return new Set(kept.rows.map((r) => Number(r.shard)))
  }

  /** Gives leases up at once, so the next owner need not wait for them to run out. */
  async release(leases: readonly Lease[]): Promise<void> {
    if (leases.length === 0) return
    await sql`UPDATE shard_leases SET owner = NULL, expires_at = clock_timestamp()
      WHERE owner = ${this.nodeId} AND (shard, epoch) IN (${pairs(leases)})`.execute(this.db)
  }

  /** This node leaves the live list (a clean stop). */
  async leave(): Promise<void> {
    await sql`DELETE FROM cluster_nodes WHERE node_id = ${this.nodeId}`.execute(this.db)
  }

  /**
   * Inside a trade transaction: reads the shards' leases FOR SHARE and throws Fenced unless each
   * is still this node's at the epoch held. The share lock makes a takeover wait until the write
   * is in, and a takeover already in makes the check fail, so no write lands after it.
   */
  async fence(trx: Kysely<Database>, leases: readonly Lease[]): Promise<void> {
    if (leases.length === 0) return
    // A node frozen in the middle of a transaction would hold the share lock, and so stall the
    // takeover, for as long as it stays frozen: its session ends after a lease time idle instead.
    const rows = await sql<{ shard: number; owner: string | null; epoch: number }>`
      SELECT shard, owner, epoch,
        set_config('idle_in_transaction_session_timeout', ${String(this.ttlMs)}, true)
      FROM shard_leases
      WHERE shard IN (${sql.join(leases.map((l) => sql`${l.shard}::int`))})
      ORDER BY shard FOR SHARE`.execute(trx)
    const current = new Map(rows.rows.map((r) => [Number(r.shard), r]))
    const lost = leases.filter((l) => {
      const row = current.get(l.shard)
      return row?.owner !== this.nodeId || Number(row.epoch) !== l.epoch
    })
    if (lost.length > 0) throw new Fenced(lost.map((l) => l.shard))
  }
}
