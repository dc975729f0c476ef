import { bestOverLines, noRiskFreeProfit, type OutcomePrices } from '@backlay/exchange/house-lines'
import type { Odds } from '@backlay/exchange/ids'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { FeedUpdate } from '../feed-adapter'
import { createPrng } from '../prng'
import { SimulatorAdapter } from './simulator'

const DAY = Date.parse('2026-11-23T00:00:00Z')
const TICK_MS = 60_000

interface Line {
  eventId: string
  kind: string
  open: boolean
  runners: Map<string, OutcomePrices>
}

/** The feed's picture of every market, kept up to date from its (delta) updates. */
function applyUpdate(lines: Map<string, Line>, update: FeedUpdate) {
  for (const m of update.markets) {
    const line = lines.get(m.id) ?? {
      eventId: m.eventId,
      kind: m.kind,
      open: false,
      runners: new Map(),
    }
    line.open = m.status === 'OPEN'
    lines.set(m.id, line)
  }
  for (const r of update.runners) {
    lines.get(r.marketId)?.runners.set(r.selectionId, {
      back: (r.back[0]?.price ?? null) as Odds | null,
      lay: (r.lay[0]?.price ?? null) as Odds | null,
    })
  }
}

/** Events whose open match-odds and bookmaker lines, taken together, offer a sure profit. */
function arbitrages(lines: Map<string, Line>, at: number) {
  const byEvent = new Map<string, Line[]>()
  for (const line of lines.values()) {
    if (!line.open || (line.kind !== 'MATCH_ODDS' && line.kind !== 'BOOKMAKER')) continue
    byEvent.set(line.eventId, [...(byEvent.get(line.eventId) ?? []), line])
  }
  const found: string[] = []
  for (const [eventId, eventLines] of byEvent) {
    if (eventLines.length < 2) continue
    const selections = [...(eventLines[0]?.runners.keys() ?? [])]
    const prices = eventLines.map((l) =>
      selections.map((s) => l.runners.get(s) ?? { back: null, lay: null }),
    )
    if (!noRiskFreeProfit(bestOverLines(prices))) {
      found.push(`${new Date(at).toISOString()} ${eventId} ${JSON.stringify(prices)}`)
    }
  }
  return { found, compared: [...byEvent.values()].filter((l) => l.length >= 2).length }
}

describe('the simulator’s house lines', () => {
  it('never let a player lock in a profit over bookmaker and exchange, pre-play or in play', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 12 }), async (seed) => {
        const feed = new SimulatorAdapter(seed, createPrng(`walk:${seed}`))
        const lines = new Map<string, Line>()
        applyUpdate(lines, await feed.snapshot(DAY))
        let compared = 0
        // A day and a half at one tick a minute (the walk's rates are per minute): every
        // cricket match of the day from its first quote to its close.
        for (let at = DAY + TICK_MS; at <= DAY + 36 * 3_600_000; at += TICK_MS) {
          applyUpdate(lines, await feed.poll(at))
          const checked = arbitrages(lines, at)
          expect(checked.found).toEqual([])
          compared += checked.compared
        }
        expect(compared).toBeGreaterThan(1_000)
      }),
      { numRuns: 4 },
    )
  }, 120_000)
})
