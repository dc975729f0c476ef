import type {
  MarketChange,
  MarketDataField,
  MarketDefinition,
  RunnerChange,
} from '@backlay/contract/betfair-stream'
import { type Level, levelChanges } from '@backlay/exchange/depth'

/*
 * The market stream's changes, Betfair's way: what a subscription's fields show of a market at
 * one moment (its image), and the change from one image to the next: best-offer levels keyed by
 * level, full ladders and traded volume keyed by price (size 0 removes), ltp and tv when they
 * moved, and the definition whole when anything in it did. Pure: the hub feeds it snapshots.
 */

/**
 * What a subscription asked to see: its fields and the levels of its best-offer ladders, and
 * its name (subscriptions asking the same share images and changes).
 */
export interface MarketDataView {
  readonly fields: ReadonlySet<MarketDataField>
  readonly levels: number
  readonly key: string
}

export const dataView = (fields: Iterable<MarketDataField>, levels: number): MarketDataView => {
  const set = new Set(fields)
  return { fields: set, levels, key: `${[...set].sort().join(',')}/${levels}` }
}

/** A runner at one moment, in wire units (decimal odds, rupees); ladders best price first. */
export interface RunnerSnapshot {
  readonly id: number
  readonly back: readonly Level[]
  readonly lay: readonly Level[]
  /** Matched volume by price, lowest first. */
  readonly traded: readonly Level[]
  readonly ltp: number | undefined
  readonly tv: number
}

/** A market at one moment, as every view is drawn from. */
export interface MarketSnapshot {
  readonly definition: MarketDefinition
  readonly runners: readonly RunnerSnapshot[]
}

interface RunnerImage {
  readonly id: number
  readonly batb?: readonly Level[]
  readonly batl?: readonly Level[]
  readonly atb?: readonly Level[]
  readonly atl?: readonly Level[]
  readonly trd?: readonly Level[]
  readonly ltp?: number | undefined
  readonly tv?: number
}

/** What one view shows of a snapshot. */
export interface MarketImage {
  /** The definition as JSON, so a change is one comparison. */
  readonly definition?: string
  readonly runners: readonly RunnerImage[]
  readonly tv?: number
}

/** The market's matched total, summed in paise so no float drift shows in the rupees. */
const totalOf = (runners: readonly RunnerSnapshot[]) =>
  runners.reduce((total, r) => total + Math.round(r.tv * 100), 0) / 100

export function imageOf(snapshot: MarketSnapshot, view: MarketDataView): MarketImage {
  const has = (field: MarketDataField) => view.fields.has(field)
  const best = has('EX_BEST_OFFERS') || has('EX_BEST_OFFERS_DISP')
  const volume = has('EX_TRADED_VOL')
  return {
    ...(has('EX_MARKET_DEF') ? { definition: JSON.stringify(snapshot.definition) } : {}),
    runners: snapshot.runners.map((r) => ({
      id: r.id,
      ...(best ? { batb: r.back.slice(0, view.levels), batl: r.lay.slice(0, view.levels) } : {}),
      ...(has('EX_ALL_OFFERS') ? { atb: r.back, atl: r.lay } : {}),
      ...(has('EX_TRADED') ? { trd: r.traded } : {}),
      ...(has('EX_LTP') ? { ltp: r.ltp } : {}),
      ...(volume ? { tv: r.tv } : {}),
    })),
    ...(volume ? { tv: totalOf(snapshot.runners) } : {}),
  }
}

type LevelTriple = [number, number, number]

/** Best-offer levels that differ, as [level, price, size]; a level gone is [level, 0, 0]. */
function levelDelta(before: readonly Level[], after: readonly Level[]): LevelTriple[] {
  const out: LevelTriple[] = []
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const was = before[i]
    const now = after[i]
    if (now && (now.price !== was?.price || now.size !== was.size))
      out.push([i, now.price, now.size])
    else if (!now && was) out.push([i, 0, 0])
  }
  return out
}

const triples = (levels: readonly Level[]) =>
  levels.map((l, i): LevelTriple => [i, l.price, l.size])
const pairs = (levels: readonly Level[]) => levels.map((l): [number, number] => [l.price, l.size])

/** A runner's change; undefined when nothing the view shows moved. */
function runnerChangeOf(
  was: RunnerImage | undefined,
  now: RunnerImage,
  view: MarketDataView,
): RunnerChange | undefined {
  const change: RunnerChange = { id: now.id }
  const ladder = (key: 'batb' | 'batl', dispKey: 'bdatb' | 'bdatl') => {
    const levels = now[key]
    if (!levels) return
    const delta = was?.[key] ? levelDelta(was[key], levels) : triples(levels)
    if (delta.length === 0) return
    if (view.fields.has('EX_BEST_OFFERS')) change[key] = delta
    // No virtual bets here: the displayed ladder is the same as the best offers.
    if (view.fields.has('EX_BEST_OFFERS_DISP')) change[dispKey] = delta
  }
  ladder('batb', 'bdatb')
  ladder('batl', 'bdatl')
  for (const key of ['atb', 'atl', 'trd'] as const) {
    const levels = now[key]
    if (!levels) continue
    const delta = was?.[key] ? pairs(levelChanges(was[key], levels)) : pairs(levels)
    if (delta.length > 0) change[key] = delta
  }
  if (now.ltp !== undefined && now.ltp !== was?.ltp) change.ltp = now.ltp
  if (now.tv !== undefined && now.tv !== was?.tv) change.tv = now.tv
  return Object.keys(change).length > 1 ? change : undefined
}

/**
 * The change from `before` to `after` of one market for one view: the whole image (img) when
 * the subscriber has nothing of it, else the delta; null when nothing it shows moved.
 */
export function marketChangeOf(
  marketId: string,
  before: MarketImage | undefined,
  after: MarketImage,
  view: MarketDataView,
): MarketChange | null {
  const wasRunner = new Map(before?.runners.map((r) => [r.id, r]))
  const rc = after.runners.flatMap((r) => {
    const change = runnerChangeOf(before ? wasRunner.get(r.id) : undefined, r, view)
    return change ? [change] : []
  })
  const definitionMoved = after.definition !== undefined && after.definition !== before?.definition
  const tvMoved = after.tv !== undefined && after.tv !== before?.tv
  if (before && rc.length === 0 && !definitionMoved && !tvMoved) return null
  return {
    id: marketId,
    ...(before ? {} : { img: true }),
    ...(tvMoved ? { tv: after.tv } : {}),
    ...(definitionMoved && after.definition
      ? { marketDefinition: JSON.parse(after.definition) as MarketDefinition }
      : {}),
    ...(rc.length > 0 ? { rc } : {}),
  }
}
