import type { MarketStatus, Runner } from '@backlay/contract/market'
import type { Fancy } from '@backlay/contract/match-details'
import {
  PRICE_HISTORY_BUCKET_SECONDS,
  type PriceHistoryResponse,
} from '@backlay/contract/price-history'
import type { RaceItem } from '@backlay/contract/racing'
import type {
  FancyMessage,
  ImageMessage,
  PricesMessage,
  StatusMessage,
  TradesMessage,
} from '@backlay/contract/stream'

/*
 * How one stream message changes a cached answer: pure functions, each returning the very object
 * it was given when nothing changed, so an untouched screen does not render again. Applied to the
 * query cache by realtime.ts, the one place pushes reach the app.
 */

interface RunnerLike {
  selectionId: string
  status: Runner['status']
  ex: Runner['ex']
}

/** Anything holding a market's prices: match-details markets and race odds. */
interface MarketLike {
  market_id: string
  status: MarketStatus
  inplay: boolean
  betDelay?: number
  runners: RunnerLike[]
}

export type MarketMessage = ImageMessage | PricesMessage | StatusMessage

/** Applies one market message to a market; returns the same object when nothing changed. */
export function patchMarket<M extends MarketLike>(market: M, msg: MarketMessage): M {
  if (market.market_id !== msg.market_id) return market
  const next = msg.type === 'status' ? withStatus(market, msg) : withPrices(market, msg)
  return sameMarket(market, next) ? market : next
}

function withStatus<M extends MarketLike>(market: M, msg: StatusMessage): M {
  const runnerStatus = new Map(msg.runners?.map((r) => [r.selectionId, r.status]))
  const runners = market.runners.map((r) => {
    const status = runnerStatus.get(r.selectionId)
    return status && status !== r.status ? { ...r, status } : r
  })
  return {
    ...market,
    ...(msg.status !== undefined ? { status: msg.status } : {}),
    ...(msg.inplay !== undefined ? { inplay: msg.inplay } : {}),
    ...(msg.betDelay !== undefined && 'betDelay' in market ? { betDelay: msg.betDelay } : {}),
    runners: sameItems(market.runners, runners),
  }
}

function withPrices<M extends MarketLike>(market: M, msg: ImageMessage | PricesMessage): M {
  const updates = new Map(msg.runners.map((r) => [r.selectionId, r]))
  const patched = market.runners.map((r) => {
    const u = updates.get(r.selectionId)
    if (!u) return r
    const next = {
      ...r,
      ...('status' in u ? { status: u.status } : {}),
      ex: {
        availableToBack: u.availableToBack ?? r.ex.availableToBack,
        availableToLay: u.availableToLay ?? r.ex.availableToLay,
        tradedVolume: u.tradedVolume ?? r.ex.tradedVolume,
      },
    }
    return sameRunner(r, next) ? r : next
  })
  const runners = sameItems(market.runners, patched)
  if (msg.type === 'prices') return { ...market, runners }
  return {
    ...market,
    status: msg.status,
    inplay: msg.inplay,
    ...('betDelay' in market ? { betDelay: msg.betDelay } : {}),
    runners,
  }
}

/** `after` unless it holds the very items of `before`, so an untouched list keeps its identity. */
const sameItems = <T>(before: T[], after: T[]): T[] =>
  after.every((item, i) => item === before[i]) ? before : after

const sameMarket = (a: MarketLike, b: MarketLike) =>
  a.runners === b.runners &&
  a.status === b.status &&
  a.inplay === b.inplay &&
  a.betDelay === b.betDelay

const sameOffers = (a: Runner['ex']['availableToBack'], b: Runner['ex']['availableToBack']) =>
  a === b ||
  (a.length === b.length && a.every((o, i) => o.price === b[i]?.price && o.size === b[i]?.size))

/**
 * A stream message repeats what the HTTP answer just said more often than not (every subscription
 * starts with an image): a runner it leaves as it was keeps its object, so its memoised row skips
 * the render and the market table does not lay itself out again.
 */
const sameRunner = (a: RunnerLike, b: RunnerLike) =>
  a.status === b.status &&
  a.ex.tradedVolume === b.ex.tradedVolume &&
  sameOffers(a.ex.availableToBack, b.ex.availableToBack) &&
  sameOffers(a.ex.availableToLay, b.ex.availableToLay)

const sameLine = (a: Fancy, b: Fancy) => {
  const keys = Object.keys(b) as (keyof Fancy)[]
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k])
}

/**
 * Session lines: an image replaces the set, otherwise lines are merged and removed ids dropped.
 * A line the message repeats as it was keeps its object (see sameRunner).
 */
export function patchFancies(lines: readonly Fancy[], msg: FancyMessage): Fancy[] {
  const old = new Map(lines.map((f) => [f.fancy_id, f]))
  const kept = (f: Fancy) => {
    const before = old.get(f.fancy_id)
    return before && sameLine(before, f) ? before : f
  }
  if (msg.image) return msg.fancies.map(kept).sort((a, b) => a.sort_priority - b.sort_priority)
  const changed = new Map(msg.fancies.map((f) => [f.fancy_id, f]))
  const removed = new Set(msg.removed)
  const merged = lines
    .filter((f) => !removed.has(f.fancy_id))
    .map((f) => {
      const next = changed.get(f.fancy_id)
      changed.delete(f.fancy_id)
      return next ? kept(next) : f
    })
  return [...merged, ...changed.values()].sort((a, b) => a.sort_priority - b.sort_priority)
}

export type PriceHistory = PriceHistoryResponse['data']

const addRupees = (a: number, b: number) => Math.round((a + b) * 100) / 100

/**
 * New matches added to a market's price history (contract price-history.ts): each runner's last
 * traded price and total, its minute (with that minute's last price) and its price level.
 */
export function patchHistory(history: PriceHistory, msg: TradesMessage): PriceHistory {
  if (history.marketId !== msg.market_id || msg.trades.length === 0) return history
  const runners = history.runners.map((runner) => {
    const mine = msg.trades.filter((trade) => trade.selectionId === runner.selectionId)
    if (mine.length === 0) return runner
    const points = [...runner.points]
    const traded = new Map(runner.traded.map((p) => [p.price, p.volume]))
    let tradedVolume = runner.tradedVolume
    for (const trade of mine) {
      const second = Math.floor(trade.at / 1000)
      const time = second - (second % PRICE_HISTORY_BUCKET_SECONDS)
      const last = points.at(-1)
      if (last?.time === time)
        points[points.length - 1] = {
          time,
          price: trade.price,
          volume: addRupees(last.volume, trade.size),
        }
      else points.push({ time, price: trade.price, volume: trade.size })
      traded.set(trade.price, addRupees(traded.get(trade.price) ?? 0, trade.size))
      tradedVolume = addRupees(tradedVolume, trade.size)
    }
    return {
      ...runner,
      lastTradedPrice: mine.at(-1)?.price ?? runner.lastTradedPrice,
      tradedVolume,
      points,
      traded: [...traded].sort(([a], [b]) => a - b).map(([price, volume]) => ({ price, volume })),
    }
  })
  return { ...history, runners }
}

/** A race list item carries no prices: only its status and in-play flag move. */
export function patchRace(race: RaceItem, msg: MarketMessage): RaceItem {
  if (race.market_id !== msg.market_id || msg.type === 'prices') return race
  const status = msg.status ?? race.status
  const inplay = msg.inplay ?? race.inplay
  return status === race.status && inplay === race.inplay ? race : { ...race, status, inplay }
}
