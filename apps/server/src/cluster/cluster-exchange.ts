import { randomUUID } from 'node:crypto'
import { betErrors } from '@backlay/contract/bets'
import type { MarketView } from '@backlay/exchange/order-book'
import { type Msg, errors as natsErrors, type Subscription } from '@nats-io/transport-node'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'
import { storedAnswer } from '../markets/bet-http'
import { ExchangeEngine } from '../markets/exchange-engine'
import { marketsWithRestingOrders } from '../markets/in-play'
import { settle } from '../markets/settlement'
import { MarketMoved, type PlaceOptions, type Trader } from '../markets/trade-types'
import { fail } from '../result'
import type { MessageBus } from '../stream/message-bus'
import { BookMirror } from './book-mirror'
import { Fenced, LeaseStore } from './leases'
import type { NatsLink } from './nats-link'
import { ShardOwnership } from './ownership'
import { shardOf } from './shards'

/** How long a call waits for a market's owner, across retries, before answering BET.RETRY. */
const FORWARD_DEADLINE_MS = 10_000
/** One try's wait for the owner's answer; a placement tried again keeps its idempotency key. */
const REQUEST_TIMEOUT_MS = 4_000
const RETRY_MS = 100
/** How long an owner keeps a forwarded call's answer: past the asker's last try of it. */
const ANSWER_KEPT_MS = 2 * FORWARD_DEADLINE_MS

export const CLUSTER_TIMING = { tickMs: 500, ttlMs: 3_000 }

/** The engine's calls that run where the market's book is. */
type RoutedCall =
  | 'placeOdds'
  | 'placeFancy'
  | 'cancel'
  | 'changePersistence'
  | 'cashOutLeg'
  | 'depth'
  | 'positionIn'
  | 'removeRunner'
  | 'declareResult'
  | 'view'

/** Calls answering a Result: a market without a reachable owner answers BET.RETRY. */
const ANSWERS_RESULT: ReadonlySet<RoutedCall> = new Set([
  'placeOdds',
  'placeFancy',
  'cancel',
  'changePersistence',
  'cashOutLeg',
  'declareResult',
])

/** Calls that change a market without an idempotency key: run once, or answered as failed. */
const UNKEYED_CHANGES: ReadonlySet<RoutedCall> = new Set([
  'cancel',
  'changePersistence',
  'removeRunner',
  'declareResult',
])

interface Request {
  /** The same for every try of one call, so the owner runs it once (a cancel twice would fail). */
  id: string
  call: RoutedCall
  marketId: string
  args: unknown[]
  /** 1 for the first try; a later one may find its placement in already. */
  attempt: number
}
/** `code`: the failure's own (a SQLSTATE, a socket's), so the asker tells a store outage apart. */
type Answer = { done: unknown } | { moved: true } | { failed: string; code?: string }

/** A read whose market has no reachable owner: a 503 the client may try again. */
export class MarketMoving extends Error {
  readonly statusCode = 503
  readonly code = 'BET.RETRY'
  constructor() {
    super(betErrors['BET.RETRY'].msg)
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The exchange as one node of a cluster: the same engine for the markets of the shards it owns
 * (ownership.ts), and for every other market the same calls answered by its owner over NATS
 * request/reply, tried again while the market moves. Its writes are fenced by its leases
 * (leases.ts); books it does not own are read from a mirror of the owner's (book-mirror.ts).
 */
export class ClusterExchange extends ExchangeEngine {
  readonly ownership: ShardOwnership
  private readonly store: LeaseStore
  private readonly serving = new Map<number, Subscription>()
  private readonly answers = new Map<string, Promise<Answer>>()
  private readonly mirror: BookMirror
  private releases: Subscription | undefined

  constructor(
    db: Kysely<Database>,
    clock: Clock,
    bus: MessageBus,
    log: FastifyBaseLogger,
    private readonly nats: NatsLink,
    /**
     * A connection of its own for the leases, so a renewal never queues behind the trades for
     * the pool: a node that cannot renew in time stops serving its markets.
     */
    leaseDb: Kysely<Database>,
    /** Where this process listens (host:port), the readable part of its node id. */
    address: string,
    observeGroup?: (entries: number, seconds: number) => void,
    timing = CLUSTER_TIMING,
  ) {
    super(db, clock, bus, log, observeGroup)
    this.store = new LeaseStore(leaseDb, `${address}/${randomUUID().slice(0, 8)}`, timing.ttlMs)
    this.mirror = new BookMirror(bus, (marketId) =>
      this.route('view', marketId, [marketId], async () => super.view(marketId)),
    )
    this.ownership = new ShardOwnership(
      this.store,
      {
        gained: async (shard) => this.gained(shard),
        leaving: async (shard) => this.leaving(shard),
        lost: (shard) => this.lost(shard),
        released: () => this.nats.nc.publish(this.releasedSubject),
      },
      log,
      timing,
    )
  }

  get nodeId() {
    return this.store.nodeId
  }

  private shardSubject(shard: number) {
    return `${this.nats.prefix}.shard.${shard}`
  }

  private get releasedSubject() {
    return `${this.nats.prefix}.released`
  }

  start() {
    this.releases = this.nats.nc.subscribe(this.releasedSubject, {
      callback: () => this.ownership.poke(),
    })
    this.ownership.start()
  }

  /** Hands this node's markets over to the others (SIGTERM), then stops. */
  async stop() {
    await this.ownership.stop()
    this.releases?.unsubscribe()
    this.mirror.close()
  }

  override owns(marketId: string): boolean {
    return this.ownership.owns(shardOf(marketId))
  }

  override view(marketId: string): MarketView | undefined {
    return this.owns(marketId) ? super.view(marketId) : this.mirror.view(marketId)
  }

  /** Another node's book is read through its owner (`depth`), never from here. */
  override depthNow(marketId: string) {
    return this.owns(marketId) ? super.depthNow(marketId) : undefined
  }

  override holds(marketId: string): boolean {
    return this.owns(marketId) ? super.holds(marketId) : this.mirror.view(marketId) !== undefined
  }

  override placeOdds(...args: Parameters<ExchangeEngine['placeOdds']>) {
    const [trader, marketId, legs, options] = args
    const keyed = withKey(options)
    return this.route('placeOdds', marketId, [trader, marketId, legs, keyed], () =>
      super.placeOdds(trader, marketId, legs, keyed),
    )
  }

  override placeFancy(...args: Parameters<ExchangeEngine['placeFancy']>) {
    const [trader, marketId, leg, options] = args
    const keyed = withKey(options)
    return this.route('placeFancy', marketId, [trader, marketId, leg, keyed], () =>
      super.placeFancy(trader, marketId, leg, keyed),
    )
  }

  override cancel(...args: Parameters<ExchangeEngine['cancel']>) {
    return this.route('cancel', args[1], args, () => super.cancel(...args))
  }

  override changePersistence(...args: Parameters<ExchangeEngine['changePersistence']>) {
    return this.route('changePersistence', args[1], args, () => super.changePersistence(...args))
  }

  override cashOutLeg(...args: Parameters<ExchangeEngine['cashOutLeg']>) {
    return this.route('cashOutLeg', args[1], args, () => super.cashOutLeg(...args))
  }

  override depth(...args: Parameters<ExchangeEngine['depth']>) {
    return this.route('depth', args[0], args, () => super.depth(...args))
  }

  override positionIn(...args: Parameters<ExchangeEngine['positionIn']>) {
    return this.route('positionIn', args[1], args, () => super.positionIn(...args))
  }

  override removeRunner(...args: Parameters<ExchangeEngine['removeRunner']>) {
    return this.route('removeRunner', args[0], args, () => super.removeRunner(...args))
  }

  override onOwner<T>(
    call: 'declareResult',
    marketId: string,
    args: unknown[],
    here: () => Promise<T>,
  ) {
    return this.route(call, marketId, args, here)
  }

  protected override async fenceWrites(trx: Kysely<Database>, marketIds: readonly string[]) {
    const shards = [...new Set(marketIds.map(shardOf))]
    const leases = shards.flatMap((shard) => this.ownership.leaseOf(shard) ?? [])
    if (leases.length < shards.length) throw new Fenced(shards)
    await this.store.fence(trx, leases)
  }

  /**
   * Runs the call here while this node owns the market, else asks the owner, again and again
   * until the deadline while the market moves. A write fenced here (the shard was just taken
   * over) wrote nothing, so it goes to the new owner.
   */
  private async route<T>(
    call: RoutedCall,
    marketId: string,
    args: readonly unknown[],
    here: () => Promise<T>,
  ): Promise<T> {
    const deadline = performance.now() + FORWARD_DEADLINE_MS
    const id = randomUUID()
    for (let attempt = 1; ; attempt++) {
      if (this.owns(marketId)) {
        try {
          return await here()
        } catch (error) {
          // Fenced, or failed as the market moved (the store ended a frozen node's transaction):
          // the owner takes it, and a placement already in answers from its stored key.
          // A change without a key that failed otherwise may be in (its commit's answer lost):
          // run again at the new owner it would answer as a second run ("already cancelled"),
          // so the failure goes to the caller, who asks again knowing that.
          const unknown = !(error instanceof MarketMoved)
          if (unknown && (this.owns(marketId) || UNKEYED_CHANGES.has(call))) {
            // A forward that timed out may have been placed by the old owner under the same key.
            const stored = await this.storedPlacement(
              placementKey({ id, call, marketId, args: [...args], attempt }),
            )
            if (stored) return stored as T
            throw error
          }
        }
      } else {
        const answer = await this.ask({ id, call, marketId, args: [...args], attempt }, deadline)
        if (answer && 'done' in answer) return (answer.done ?? undefined) as T
        if (answer && 'failed' in answer)
          throw Object.assign(new Error(`${call} on its owner: ${answer.failed}`), {
            code: answer.code,
          })
      }
      if (performance.now() >= deadline) {
        if (ANSWERS_RESULT.has(call)) return fail('BET.RETRY', betErrors['BET.RETRY'].msg) as T
        throw new MarketMoving()
      }
      await sleep(RETRY_MS)
    }
  }

  /** One try: the owner's answer, or undefined when nobody answered in time. */
  private async ask(request: Request, deadline: number): Promise<Answer | undefined> {
    const timeout = Math.max(RETRY_MS, Math.min(REQUEST_TIMEOUT_MS, deadline - performance.now()))
    try {
      const reply = await this.nats.nc.request(
        this.shardSubject(shardOf(request.marketId)),
        JSON.stringify(request),
        { timeout },
      )
      return reply.json<Answer>()
    } catch (error) {
      if (error instanceof natsErrors.RequestError || error instanceof natsErrors.TimeoutError)
        return undefined
      throw error
    }
  }

  /** The owner's side: runs a forwarded call on the engine itself, never forwarding it again. */
  private async serve(msg: Msg) {
    const request = msg.json<Request>()
    let answer: Answer
    if (!this.owns(request.marketId)) answer = { moved: true }
    else {
      // A try of a call run here already (its answer lost on the way) gets that answer.
      let run = this.answers.get(request.id)
      if (!run) {
        run = this.answer(request, request.attempt > 1 ? placementKey(request) : undefined)
        this.answers.set(request.id, run)
        const forget = () => {
          setTimeout(() => this.answers.delete(request.id), ANSWER_KEPT_MS).unref()
        }
        run.then(forget, forget)
      }
      answer = await run
    }
    msg.respond(JSON.stringify(answer))
  }

  private async answer(request: Request, key: PlacementKey | undefined): Promise<Answer> {
    try {
      // A placement tried again after a timeout may be in already: its stored answer stands.
      const stored = await this.storedPlacement(key)
      if (stored) return { done: stored }
      const done =
        request.call === 'declareResult'
          ? await settle(this, ...(request.args as SettleArgs))
          : await (ExchangeEngine.prototype[request.call] as (...args: unknown[]) => unknown).apply(
              this,
              request.args,
            )
      return { done: done ?? null }
    } catch (error) {
      if (error instanceof MarketMoved) return { moved: true }
      // An earlier try of the same placement got in first (its key is taken): its answer stands.
      // Unless the store is out too: then the asker hears the first failure, to try again.
      const stored = await this.storedPlacement(placementKey(request)).catch(() => undefined)
      if (stored) return { done: stored }
      this.log.error({ err: error, call: request.call }, 'cluster: a forwarded call failed')
      const { code } = error as { code?: unknown }
      return {
        failed: error instanceof Error ? error.message : String(error),
        ...(typeof code === 'string' ? { code } : {}),
      }
    }
  }

  /** The answer stored under a placement's key, when a try of it got in already. */
  private storedPlacement(key: PlacementKey | undefined) {
    return key ? storedAnswer(this.db, key.userId, key.key) : Promise.resolve(undefined)
  }

  private async gained(shard: number) {
    // Whatever this node knew of the shard's markets is from before: the store has it now.
    const inShard = (id: string) => shardOf(id) === shard
    this.mirror.forgetWhere(inShard)
    this.forgetWhere(inShard)
    this.serving.get(shard)?.unsubscribe()
    this.serving.set(
      shard,
      this.nats.nc.subscribe(this.shardSubject(shard), {
        callback: (err, msg) => {
          if (err) this.log.error({ err, shard }, 'cluster: shard subscription failed')
          else
            this.serve(msg).catch((error: unknown) =>
              this.log.error({ err: error, shard }, 'cluster: answering a forwarded call failed'),
            )
        },
      }),
    )
    // Markets with resting orders are held, so the in-play turn lapses them (and a market that
    // turned while it had no owner lapses them as it loads).
    for (const marketId of await marketsWithRestingOrders(this.db))
      if (shardOf(marketId) === shard)
        void this.restore(marketId).catch((err) =>
          this.log.error({ err, marketId }, 'cluster: restoring a market failed'),
        )
  }

  private async leaving(shard: number) {
    this.serving.get(shard)?.unsubscribe()
    this.serving.delete(shard)
    await this.idleWhere((id) => shardOf(id) === shard)
  }

  private lost(shard: number) {
    this.serving.get(shard)?.unsubscribe()
    this.serving.delete(shard)
    this.forgetWhere((id) => shardOf(id) === shard)
  }
}

/** A result declaration's arguments after the engine (settlement.ts). */
type SettleArgs = Parameters<typeof settle> extends [unknown, ...infer Rest] ? Rest : never

/**
 * Every placement of a cluster carries an idempotency key, here and when forwarded, so a try
 * again on the owner after a timeout or a lost market places once.
 */
const withKey = (options: PlaceOptions = {}): PlaceOptions =>
  options.idempotencyKey ? options : { ...options, idempotencyKey: `fwd-${randomUUID()}` }

interface PlacementKey {
  userId: string
  key: string
}

const placementKey = (request: Request): PlacementKey | undefined => {
  if (request.call !== 'placeOdds' && request.call !== 'placeFancy') return undefined
  const [trader, , , options] = request.args as [Trader, string, unknown, PlaceOptions | undefined]
  return options?.idempotencyKey
    ? { userId: trader.userId, key: options.idempotencyKey }
    : undefined
}
