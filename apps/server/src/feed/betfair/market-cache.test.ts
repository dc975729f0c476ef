import { readFileSync } from 'node:fs'
import type { MarketChangeMessage } from '@backlay/contract/betfair-stream'
import { describe, expect, it } from 'vitest'
import { MarketCache } from './market-cache'
import { parseStreamLine } from './stream-lines'

const fixture = (name: string): MarketChangeMessage[] =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
    .split('\r\n')
    .flatMap((line) => line.split('\n'))
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parsed = parseStreamLine(line)
      if (!parsed.ok || parsed.message.op !== 'mcm') throw new Error(`bad fixture line: ${line}`)
      return parsed.message
    })

const levels = (ladder: Map<number, { price: number; size: number }>) =>
  [...ladder.entries()].sort(([a], [b]) => a - b).map(([key, l]) => [key, l.price, l.size])

describe('MarketCache', () => {
  it('takes an image, then amends it with deltas where a size of 0 removes a level', () => {
    const [image, delta, heartbeat, conflated] = fixture('image-and-deltas.jsonl')
    const cache = new MarketCache()
    expect(cache.apply(image as MarketChangeMessage)).toEqual({
      changedMarketIds: ['1.101'],
      complete: true,
    })
    const runner = () => cache.markets.get('1.101')?.runners.get(11)
    expect(levels(runner()?.batb ?? new Map())).toEqual([
      [0, 2.5, 100],
      [1, 2.48, 50],
      [2, 2.46, 20],
    ])
    expect(cache.initialClk).toBe('G1')
    expect(cache.heartbeatMs).toBe(5000)
    expect(cache.conflateMs).toBe(0)

    cache.apply(delta as MarketChangeMessage)
    expect(levels(runner()?.batb ?? new Map())).toEqual([
      [0, 2.52, 30],
      [1, 2.5, 100],
    ])
    expect(levels(runner()?.trd ?? new Map())).toEqual([
      [2.5, 2.5, 100],
      [2.52, 2.52, 80],
    ])
    expect(runner()?.ltp).toBe(2.52)
    expect(runner()?.tv).toBe(180)
    expect(cache.clk).toBe('A2')

    expect(cache.apply(heartbeat as MarketChangeMessage).changedMarketIds).toEqual([])
    expect(cache.clk).toBe('A3')
    expect(cache.lastPublishTime).toBe(2000)

    // A conflated change merges several into one message: it applies like any delta.
    cache.apply(conflated as MarketChangeMessage)
    const market = cache.markets.get('1.101')
    expect(market?.tv).toBe(360)
    expect(levels(market?.runners.get(12)?.batl ?? new Map())).toEqual([])
    expect(market?.runners.get(12)?.ltp).toBe(3.55)
    expect(cache.clk).toBe('A4')
  })

  it('holds back the segments of one change until SEG_END, and only then moves the clock', () => {
    const [start, middle, end] = fixture('segmented.jsonl')
    const cache = new MarketCache()
    expect(cache.apply(start as MarketChangeMessage)).toEqual({
      changedMarketIds: [],
      complete: false,
    })
    expect(cache.apply(middle as MarketChangeMessage).complete).toBe(false)
    expect(cache.markets.size).toBe(0)
    expect(cache.clk).toBeNull()
    const applied = cache.apply(end as MarketChangeMessage)
    expect(applied).toEqual({ changedMarketIds: ['1.201', '1.202'], complete: true })
    expect(cache.clk).toBe('B3')
    expect(cache.initialClk).toBe('G9')
    expect([...(cache.markets.get('1.201')?.runners.keys() ?? [])]).toEqual([21, 22])
  })

  it('replaces a market on a new image instead of merging into the old ladder', () => {
    const [image] = fixture('image-and-deltas.jsonl')
    const cache = new MarketCache()
    cache.apply(image as MarketChangeMessage)
    cache.apply({
      op: 'mcm',
      pt: 9000,
      clk: 'Z',
      ct: 'SUB_IMAGE',
      mc: [{ id: '1.101', img: true, rc: [{ id: 11, batb: [[0, 4, 5]] }] }],
    })
    const market = cache.markets.get('1.101')
    expect([...(market?.runners.keys() ?? [])]).toEqual([11])
    expect(levels(market?.runners.get(11)?.batb ?? new Map())).toEqual([[0, 4, 5]])
    expect(market?.definition?.eventId).toBe('501')
  })

  it('follows a market definition through to CLOSED with its winner', () => {
    const cache = new MarketCache()
    for (const message of fixture('race-to-result.jsonl')) cache.apply(message)
    const definition = cache.markets.get('1.301')?.definition
    expect(definition?.status).toBe('CLOSED')
    expect(definition?.runners.map((r) => [r.id, r.status, r.adjustmentFactor])).toEqual([
      [31, 'LOSER', undefined],
      [32, 'WINNER', undefined],
      [33, 'REMOVED', 11.1],
    ])
  })
})

describe('parseStreamLine', () => {
  it('says why a line is not a message it reads', () => {
    expect(parseStreamLine('{nope')).toEqual({ ok: false, reason: 'not JSON' })
    expect(parseStreamLine('{"op":"ocm","pt":1}')).toEqual({
      ok: false,
      reason: 'op ocm is not read',
    })
    const bad = parseStreamLine('{"op":"mcm","pt":"soon"}')
    expect(bad.ok).toBe(false)
    expect(parseStreamLine('{"op":"status","id":1,"statusCode":"SUCCESS"}').ok).toBe(true)
  })
})
