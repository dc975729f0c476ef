import type { MarketBook } from '@backlay/contract/betfair-api'
import type { CatalogueMarket } from '../markets/catalogue'
import { RawJson } from './raw-json'

/** Markets' answers kept at most; past that the memo starts again (a day's markets fit). */
const MAX_KEPT = 10_000

/**
 * Each market's answer to the plain poll (best offers, nothing of the caller's), written as JSON
 * once and kept while neither its catalogue row (the same object while the catalogue keeps it)
 * nor its book (order-book bookVersion) changes: bots polling many times a second get the same
 * bytes.
 */
export class BookMemo {
  private readonly kept = new Map<
    string,
    { market: CatalogueMarket; version: number; answer: RawJson }
  >()

  answer(key: string, market: CatalogueMarket, version: number, build: () => MarketBook): RawJson {
    const hit = this.kept.get(key)
    if (hit && hit.market === market && hit.version === version) return hit.answer
    const answer = new RawJson(JSON.stringify(build()))
    if (this.kept.size >= MAX_KEPT) this.kept.clear()
    this.kept.set(key, { market, version, answer })
    return answer
  }
}
