import { SPORT_ID } from '@backlay/contract/sport'
import { isOnLadder } from '@backlay/exchange/ladder'
import { describe, expect, it } from 'vitest'
import type { FeedUpdate } from '../feed-adapter'
import { createPrng } from '../prng'
import { SimulatorAdapter } from './simulator'

const NOW = Date.parse('2026-11-23T10:00:00Z')
const simulator = (walkSeed = 'walk') => new SimulatorAdapter('seed', createPrng(walkSeed))

const exchangeRunners = (u: FeedUpdate) => {
  const kinds = new Map(u.markets.map((m) => [m.id, m.kind]))
  return u.runners.filter(
    (r) => kinds.get(r.marketId) === 'MATCH_ODDS' || kinds.get(r.marketId) === 'WIN',
  )
}

describe('SimulatorAdapter', () => {
  it('snapshots all six sports with live cricket and upcoming fixtures', async () => {
    const snap = await simulator().snapshot(NOW)
    expect(snap.sports.map((s) => s.id)).toEqual(['4', '1', '2', '7', '4339', '2378961'])
    const cricket = snap.events.filter((e) => e.sportId === SPORT_ID.cricket)
    expect(cricket.some((e) => e.status === 'IN_PLAY')).toBe(true)
    expect(cricket.some((e) => e.status === 'UPCOMING')).toBe(true)
    expect(snap.events.some((e) => e.sportId === SPORT_ID.election)).toBe(true)
    const competitionIds = new Set(snap.competitions.map((c) => c.id))
    for (const e of snap.events) expect(competitionIds.has(e.competitionId)).toBe(true)
  })

  it('quotes exchange prices on the ladder with back below lay, best first', async () => {
    // A side whose fair price is off the ladder is not offered (pricing.ts), so count both.
    let twoSided = 0
    const snap = await simulator().snapshot(NOW)
    const open = new Set(snap.markets.filter((m) => m.status !== 'CLOSED').map((m) => m.id))
    const runners = exchangeRunners(snap).filter((r) => open.has(r.marketId))
    expect(runners.length).toBeGreaterThan(100)
    for (const r of runners) {
      const prices = [...r.back, ...r.lay].map((l) => l.price)
      for (const p of prices) expect(isOnLadder(p)).toBe(true)
      expect(r.back.length + r.lay.length).toBeGreaterThan(0)
      if (r.back[0] && r.lay[0]) {
        twoSided += 1
        expect(r.back[0].price).toBeLessThan(r.lay[0].price)
      }
      expect(r.back.map((l) => l.price)).toEqual(
        [...r.back.map((l) => l.price)].sort((a, b) => b - a),
      )
      expect(r.lay.map((l) => l.price)).toEqual(
        [...r.lay.map((l) => l.price)].sort((a, b) => a - b),
      )
      for (const l of [...r.back, ...r.lay])
        expect(Number.isInteger(l.size) && l.size > 0).toBe(true)
    }
    expect(twoSided).toBeGreaterThan(runners.length * 0.9)
  })

  it('quotes fancy lines as No runs and Yes one run higher at rate 100', async () => {
    const snap = await simulator().snapshot(NOW)
    const sessions = new Set(
      snap.markets.filter((m) => m.kind === 'SESSION' && m.status !== 'CLOSED').map((m) => m.id),
    )
    const lines = snap.runners.filter((r) => sessions.has(r.marketId))
    expect(lines.length).toBeGreaterThan(0)
    for (const r of lines) {
      expect(r.back[0]?.price).toBe((r.lay[0]?.price ?? 0) + 1)
      expect([r.back[0]?.size, r.lay[0]?.size]).toEqual([100, 100])
    }
  })

  it('drifts prices over time and only sends what changed', async () => {
    const sim = simulator()
    const snap = await sim.snapshot(NOW)
    let moved = 0
    for (let s = 1; s <= 30; s++) {
      const update = await sim.poll(NOW + s * 1000)
      expect(update.markets.length).toBeLessThan(snap.markets.length / 2)
      moved += update.runners.length
    }
    expect(moved).toBeGreaterThan(0)
  })

  it('takes a fixture in play at its start and closes it with its winner at the end', async () => {
    const sim = simulator()
    const snap = await sim.snapshot(NOW)
    const upcoming = snap.events.find(
      (e) => e.sportId === SPORT_ID.tennis && e.status === 'UPCOMING',
    )
    if (!upcoming) throw new Error('expected an upcoming tennis match')
    const market = snap.markets.find((m) => m.eventId === upcoming.id)
    expect(market?.inplay).toBe(false)

    const atStart = await sim.poll(upcoming.startTime)
    expect(atStart.events.find((e) => e.id === upcoming.id)?.status).toBe('IN_PLAY')
    expect(atStart.markets.find((m) => m.id === market?.id)?.inplay).toBe(true)

    const later = await sim.poll(upcoming.startTime + 4 * 3_600_000)
    const closed = later.markets.find((m) => m.id === market?.id)
    expect(closed?.status).toBe('CLOSED')
    const runners = later.runners.filter((r) => r.marketId === market?.id)
    expect(runners.filter((r) => r.status === 'WINNER').map((r) => r.selectionId)).toEqual([
      closed?.winnerSelectionId,
    ])
    expect(runners.filter((r) => r.status === 'LOSER')).toHaveLength(runners.length - 1)
    expect(later.events.find((e) => e.id === upcoming.id)?.status).toBe('CLOSED')
  })

  it('declares the same results whatever the price walk did (a restart cannot change a winner)', async () => {
    const end = NOW + 30 * 3_600_000
    const winners = async (walk: string) => {
      const sim = simulator(walk)
      await sim.snapshot(NOW)
      const later = await sim.poll(end)
      return later.markets
        .filter((m) => m.status === 'CLOSED')
        .map((m) => `${m.id}:${m.winnerSelectionId}:${m.resultValue}`)
        .sort()
    }
    const a = await winners('walk-a')
    expect(a.length).toBeGreaterThan(50)
    expect(await winners('walk-b')).toEqual(a)
  })

  it('brings in the next day of fixtures as the day rolls', async () => {
    const sim = simulator()
    const snap = await sim.snapshot(NOW)
    const known = new Set(snap.events.map((e) => e.id))
    const nextDay = await sim.poll(NOW + 24 * 3_600_000)
    const fresh = nextDay.events.filter((e) => !known.has(e.id))
    expect(fresh.length).toBeGreaterThan(50)
    const competitionIds = new Set([...snap.competitions, ...nextDay.competitions].map((c) => c.id))
    for (const e of fresh) expect(competitionIds.has(e.competitionId)).toBe(true)
  })

  it('closes, with its result, an event the store still holds open after a long stop', async () => {
    const before = await simulator().snapshot(NOW)
    const live = before.events.find((e) => e.status === 'IN_PLAY' && e.sportId === SPORT_ID.cricket)
    if (!live) throw new Error('expected live cricket')
    const weekLater = await simulator().snapshot(NOW + 7 * 24 * 3_600_000, [live.id, 'not-ours'])
    expect(weekLater.events.find((e) => e.id === live.id)?.status).toBe('CLOSED')
    const markets = weekLater.markets.filter((m) => m.eventId === live.id)
    expect(markets.map((m) => m.status)).toEqual(markets.map(() => 'CLOSED'))
    expect(markets.find((m) => m.kind === 'MATCH_ODDS')?.winnerSelectionId).toBeTruthy()
  })

  it('moves a pre-play best back price in well under one 5 s bet delay in four; in-play more often', async () => {
    // A simulated hour at one tick a second, compared 5 s apart: how often a runner's best back
    // price (what a player clicks) differs when its bet delay is over.
    const sim = simulator()
    const kinds = new Map<string, { kind: string; inplay: boolean; open: boolean }>()
    const best = new Map<string, number | undefined>()
    const take = (u: FeedUpdate) => {
      for (const m of u.markets)
        kinds.set(m.id, { kind: m.kind, inplay: m.inplay, open: m.status === 'OPEN' })
      for (const r of u.runners) best.set(`${r.marketId}/${r.selectionId}`, r.back[0]?.price)
    }
    take(await sim.snapshot(NOW))
    const windows = new Map<string, { moved: number; all: number }>()
    let before = new Map(best)
    for (let second = 1; second <= 3_600; second++) {
      take(await sim.poll(NOW + second * 1_000))
      if (second % 5 !== 0) continue
      for (const [runner, price] of best) {
        const market = kinds.get(runner.split('/')[0] ?? '')
        const was = before.get(runner)
        if (!market?.open || market.kind === 'SESSION' || price === undefined || was === undefined)
          continue
        const key = `${market.kind} ${market.inplay ? 'in-play' : 'pre-play'}`
        const tally = windows.get(key) ?? { moved: 0, all: 0 }
        tally.all += 1
        if (price !== was) tally.moved += 1
        windows.set(key, tally)
      }
      before = new Map(best)
    }
    const share = (key: string) => {
      const t = windows.get(key)
      return t ? t.moved / t.all : Number.NaN
    }
    console.log(
      [...windows]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(
          ([key, t]) =>
            `${key}: ${t.moved} of ${t.all} windows moved (${((100 * t.moved) / t.all).toFixed(1)} %)`,
        )
        .join('\n'),
    )
    for (const kind of ['MATCH_ODDS', 'WIN']) expect(share(`${kind} pre-play`)).toBeLessThan(0.1)
    expect(share('MATCH_ODDS in-play')).toBeGreaterThan(share('MATCH_ODDS pre-play') * 2)
  }, 60_000)
})
