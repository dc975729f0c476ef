import type { FastifyBaseLogger } from 'fastify'
import type { Lease, LeaseStore } from './leases'
import { assignShards } from './shards'

/** What a node does as shards come and go (cluster-exchange.ts). */
export interface ShardEvents {
  /** The shard is this node's now (under a new epoch): take its calls. */
  gained(shard: number): Promise<void>
  /** The shard is to go to another node: stop taking its calls and finish what is queued. */
  leaving(shard: number): Promise<void>
  /** The shard is not this node's any more: forget its markets. */
  lost(shard: number): void
  /** Shards were given up: the other nodes may take them now rather than at their next round. */
  released(): void
}

/**
 * This node's part of the cluster: every `tickMs` it says it is alive, renews its leases, works
 * out from the live nodes which shards should be its own, hands over the others and takes free
 * ones. A node that cannot renew within the lease time (paused, cut off, its database slow) stops
 * serving its shards by itself, before anyone can take them over; its writes are fenced anyway.
 */
export class ShardOwnership {
  private readonly held = new Map<number, number>()
  private readonly handingOver = new Set<number>()
  /** performance.now() until which the leases renewed last are surely still ours. */
  private validUntil = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  private running: Promise<void> = Promise.resolve()
  private inRound = false
  /** Poked during a round: the next one follows at once. */
  private again = false
  private stopped = false

  constructor(
    private readonly store: LeaseStore,
    private readonly events: ShardEvents,
    private readonly log: FastifyBaseLogger,
    private readonly timing: { tickMs: number; ttlMs: number },
  ) {}

  get nodeId() {
    return this.store.nodeId
  }

  /** Whether this node serves the shard now. */
  owns(shard: number): boolean {
    return (
      this.held.has(shard) && !this.handingOver.has(shard) && performance.now() < this.validUntil
    )
  }

  /** The shard's lease as held here, for the fence of a write; undefined once it is not. */
  leaseOf(shard: number): Lease | undefined {
    const epoch = this.held.get(shard)
    return epoch === undefined ? undefined : { shard, epoch }
  }

  start() {
    this.schedule(0)
  }

  /** Runs a round now (another node released shards), after the one in progress. */
  poke() {
    if (this.stopped) return
    if (this.inRound) this.again = true
    else {
      clearTimeout(this.timer)
      this.schedule(0)
    }
  }

  /**
   * Leaves the live list and hands every shard over (SIGTERM): gone from the list first, so the
   * nodes told of the release work out that its shards are theirs now.
   */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
    await this.store.leave()
    await this.handOver([...this.held.keys()])
  }

  /** One timer at a time: a round, then the next after tickMs (at once when poked meanwhile). */
  private schedule(ms: number) {
    this.timer = setTimeout(() => {
      this.inRound = true
      this.running = this.round()
        .catch((err) => this.log.error({ err }, 'cluster: ownership round failed'))
        .finally(() => {
          this.inRound = false
          const next = this.again ? 0 : this.timing.tickMs
          this.again = false
          if (!this.stopped) this.schedule(next)
        })
    }, ms)
  }

  private async round() {
    if (this.stopped) return
    const started = performance.now()
    const live = await this.store.heartbeat()
    const leases = [...this.held].map(([shard, epoch]) => ({ shard, epoch }))
    const kept = await this.store.renew(leases)
    this.validUntil = started + this.timing.ttlMs - this.timing.tickMs
    for (const { shard } of leases) {
      if (kept.has(shard)) continue
      this.log.warn({ shard }, 'cluster: lost a shard lease')
      this.drop(shard)
    }
    const desired = assignShards(live)
    const going = [...this.held.keys()].filter((shard) => desired.get(shard) !== this.nodeId)
    await this.handOver(going)
    const wanted = [...desired]
      .filter(([shard, node]) => node === this.nodeId && !this.held.has(shard))
      .map(([shard]) => shard)
    const taken = await this.store.acquire(wanted)
    for (const lease of taken) {
      this.held.set(lease.shard, lease.epoch)
      await this.events.gained(lease.shard)
    }
    if (taken.length > 0)
      this.log.info(
        { node: this.nodeId, shards: taken.map((l) => l.shard) },
        'cluster: took shards',
      )
  }

  private async handOver(shards: readonly number[]) {
    if (shards.length === 0) return
    for (const shard of shards) this.handingOver.add(shard)
    await Promise.all(shards.map((shard) => this.events.leaving(shard)))
    const leases = shards.flatMap((shard) => this.leaseOf(shard) ?? [])
    await this.store.release(leases)
    for (const shard of shards) this.drop(shard)
    this.events.released()
    this.log.info({ node: this.nodeId, shards }, 'cluster: handed shards over')
  }

  private drop(shard: number) {
    this.held.delete(shard)
    this.handingOver.delete(shard)
    this.events.lost(shard)
  }
}
