import type {
  MarketChange,
  MarketChangeMessage,
  MarketDefinition,
  RunnerChange,
} from '@backlay/contract/betfair-stream'

/** A price ladder keyed by price (full depth) or by level (best offers), as Betfair sends them. */
type Ladder = Map<number, { price: number; size: number }>

export interface CachedRunner {
  id: number
  atb: Ladder
  atl: Ladder
  batb: Ladder
  batl: Ladder
  bdatb: Ladder
  bdatl: Ladder
  /** Matched volume by price. */
  trd: Ladder
  ltp: number | null
  tv: number
}

export interface CachedMarket {
  id: string
  definition: MarketDefinition | null
  tv: number
  runners: Map<number, CachedRunner>
  /** Publish time of the last change applied. */
  pt: number
}

const emptyRunner = (id: number): CachedRunner => ({
  id,
  atb: new Map(),
  atl: new Map(),
  batb: new Map(),
  batl: new Map(),
  bdatb: new Map(),
  bdatl: new Map(),
  trd: new Map(),
  ltp: null,
  tv: 0,
})

const applyPriceVol = (ladder: Ladder, levels: readonly (readonly [number, number])[]) => {
  for (const [price, size] of levels) {
    if (size === 0) ladder.delete(price)
    else ladder.set(price, { price, size })
  }
}

const applyLevelPriceVol = (
  ladder: Ladder,
  levels: readonly (readonly [number, number, number])[],
) => {
  for (const [level, price, size] of levels) {
    if (size === 0) ladder.delete(level)
    else ladder.set(level, { price, size })
  }
}

function applyRunnerChange(runner: CachedRunner, rc: RunnerChange) {
  if (rc.atb) applyPriceVol(runner.atb, rc.atb)
  if (rc.atl) applyPriceVol(runner.atl, rc.atl)
  if (rc.trd) applyPriceVol(runner.trd, rc.trd)
  if (rc.batb) applyLevelPriceVol(runner.batb, rc.batb)
  if (rc.batl) applyLevelPriceVol(runner.batl, rc.batl)
  if (rc.bdatb) applyLevelPriceVol(runner.bdatb, rc.bdatb)
  if (rc.bdatl) applyLevelPriceVol(runner.bdatl, rc.bdatl)
  if (rc.ltp !== undefined) runner.ltp = rc.ltp
  if (rc.tv !== undefined) runner.tv = rc.tv
}

/** What one message did: the markets it changed, and whether it completed a (segmented) change. */
export interface AppliedMessage {
  changedMarketIds: string[]
  /** False while the segments of one change are still arriving. */
  complete: boolean
}

/**
 * The client-side cache of the market change stream: images replace a market, deltas amend it
 * (a size of 0 removes a level), and the clock tokens say where a resubscription resumes. The
 * segments of one large change are held back until SEG_END, so the rest of the server never
 * sees half a change, and the clock moves on only with a whole one.
 */
export class MarketCache {
  readonly markets = new Map<string, CachedMarket>()
  initialClk: string | null = null
  clk: string | null = null
  heartbeatMs: number | null = null
  conflateMs: number | null = null
  /** Publish time of the last message, heartbeats included: the stream is alive. */
  lastPublishTime: number | null = null
  private segments: MarketChange[] = []

  apply(message: MarketChangeMessage): AppliedMessage {
    this.lastPublishTime = message.pt
    if (message.heartbeatMs !== undefined) this.heartbeatMs = message.heartbeatMs
    if (message.conflateMs !== undefined) this.conflateMs = message.conflateMs
    if (message.ct === 'HEARTBEAT') {
      if (message.clk) this.clk = message.clk
      return { changedMarketIds: [], complete: true }
    }
    const segment = message.segmentType
    if (segment === 'SEG_START') this.segments = []
    this.segments.push(...(message.mc ?? []))
    if (segment === 'SEG_START' || segment === 'SEG') {
      return { changedMarketIds: [], complete: false }
    }
    const changes = this.segments
    this.segments = []
    const changed = new Set<string>()
    for (const mc of changes) {
      this.applyMarketChange(mc, message.pt)
      changed.add(mc.id)
    }
    if (message.initialClk) this.initialClk = message.initialClk
    if (message.clk) this.clk = message.clk
    return { changedMarketIds: [...changed], complete: true }
  }

  /** Forgets a closed market once its result has been taken, so a long stream does not grow. */
  drop(marketId: string) {
    this.markets.delete(marketId)
  }

  private applyMarketChange(mc: MarketChange, pt: number) {
    let market = this.markets.get(mc.id)
    if (!market || mc.img) {
      market = {
        id: mc.id,
        definition: market?.definition ?? null,
        tv: 0,
        runners: new Map(),
        pt,
      }
      this.markets.set(mc.id, market)
    }
    market.pt = pt
    if (mc.marketDefinition) market.definition = mc.marketDefinition
    if (mc.tv !== undefined) market.tv = mc.tv
    for (const rc of mc.rc ?? []) {
      let runner = market.runners.get(rc.id)
      if (!runner) {
        runner = emptyRunner(rc.id)
        market.runners.set(rc.id, runner)
      }
      applyRunnerChange(runner, rc)
    }
  }
}
