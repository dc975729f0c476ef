import { SPORT_ID } from '@backlay/contract/sport'
import { isOnLadder } from '@backlay/exchange/ladder'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DAY_MS, dayIndexOf, electionsAnnouncedOn, fixturesOfDay } from './schedule'
import { SILKS_PATH, silksSvg } from './silks'

const DAY = dayIndexOf(Date.parse('2026-11-23T00:00:00Z'))

describe('simulated schedule', () => {
  it('is a pure function of seed and day', () => {
    expect(fixturesOfDay('s', DAY)).toEqual(fixturesOfDay('s', DAY))
    expect(fixturesOfDay('s', DAY).map((f) => f.name)).not.toEqual(
      fixturesOfDay('other', DAY).map((f) => f.name),
    )
  })

  it('gives every event and market a unique id across neighbouring days', () => {
    const fixtures = [DAY - 1, DAY, DAY + 1].flatMap((d) => [
      ...fixturesOfDay('s', d),
      ...electionsAnnouncedOn('s', d),
    ])
    const eventIds = fixtures.map((f) => f.eventId)
    const marketIds = fixtures.flatMap((f) => f.markets.map((m) => m.id))
    expect(new Set(eventIds).size).toBe(eventIds.length)
    expect(new Set(marketIds).size).toBe(marketIds.length)
  })

  it('covers cricket, football, tennis, horse and greyhound racing each day', () => {
    const sports = new Set(fixturesOfDay('s', DAY).map((f) => f.sportId))
    expect([...sports].sort()).toEqual(
      [
        SPORT_ID.cricket,
        SPORT_ID.football,
        SPORT_ID.tennis,
        SPORT_ID.horseRacing,
        SPORT_ID.greyhoundRacing,
      ].sort(),
    )
  })

  it('gives cricket match odds, bookmaker and session markets', () => {
    const cricket = fixturesOfDay('s', DAY).find((f) => f.sportId === SPORT_ID.cricket)
    expect(cricket?.markets.map((m) => m.kind)).toEqual([
      'MATCH_ODDS',
      'BOOKMAKER',
      'SESSION',
      'SESSION',
      'SESSION',
    ])
    for (const session of cricket?.markets.filter((m) => m.kind === 'SESSION') ?? []) {
      expect(session.closeAt).toBeGreaterThan(cricket?.startTime ?? 0)
      expect(session.closeAt).toBeLessThan(cricket?.endTime ?? 0)
    }
  })

  it('gives racing runners cloth numbers, jockeys, trainers and silks, at venues with country codes', () => {
    const races = fixturesOfDay('s', DAY).filter((f) => f.sportId === SPORT_ID.horseRacing)
    expect(races.length).toBeGreaterThan(20)
    for (const race of races) {
      expect(race.venue).toBeTruthy()
      expect(race.countryCode).toMatch(/^[A-Z]{2}$/)
      const runners = race.markets[0]?.runners ?? []
      expect(runners.map((r) => r.metadata?.clothNumber)).toEqual(runners.map((_, i) => i + 1))
      for (const r of runners) {
        expect(r.metadata?.jockey && r.metadata.trainer).toBeTruthy()
        // The silks name an image the server draws.
        const [dir, file] = (r.metadata?.silks ?? '').split(/\/(?=[^/]+$)/)
        expect(dir).toBe(SILKS_PATH)
        expect(silksSvg(file ?? '')).toContain('<svg')
      }
    }
  })

  it('announces an election every fifth day, decided twelve days later', () => {
    const day = DAY - (DAY % 5)
    const [election] = electionsAnnouncedOn('s', day)
    expect(election?.sportId).toBe(SPORT_ID.election)
    expect(election?.startTime).toBeGreaterThan((day + 12) * DAY_MS)
    expect(electionsAnnouncedOn('s', day + 1)).toEqual([])
  })

  it('always has a cricket match in play, at any moment of any day', () => {
    fc.assert(
      fc.property(fc.integer({ min: DAY * DAY_MS, max: (DAY + 400) * DAY_MS }), (now) => {
        const d = dayIndexOf(now)
        const live = [...fixturesOfDay('s', d - 1), ...fixturesOfDay('s', d)].filter(
          (f) => f.sportId === SPORT_ID.cricket && f.startTime <= now && now < f.endTime,
        )
        expect(live.length).toBeGreaterThan(0)
      }),
      { numRuns: 200 },
    )
  })

  it('starts prices from probabilities that sum to one, with a winner among the runners', () => {
    for (const f of fixturesOfDay('s', DAY)) {
      for (const m of f.markets.filter((x) => x.kind !== 'SESSION')) {
        expect(m.initialProbabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9)
        expect(m.winnerIndex).toBeLessThan(m.runners.length)
      }
    }
    expect(isOnLadder(101)).toBe(true)
  })
})
