import { describe, expect, it } from 'vitest'
import { navItems, racingCountdown, sportPath } from './nav-items'

const ids = (sportIds: string[]) => navItems(sportIds.map((sport_id) => ({ sport_id })))

describe('navItems (shell §2)', () => {
  it('always shows Home and Sports', () => {
    expect(ids([]).map((i) => i.to)).toEqual(['/', '/sports-page/Sportsbook/0'])
  })

  it('adds a sport button only when the menu holds its id', () => {
    expect(ids(['4', '2378961']).map((i) => i.key)).toEqual([
      'home',
      'sports',
      'cricket',
      'election',
    ])
  })

  it('switches on the casino group with QT and the card games with -100', () => {
    const casino = ids(['QT']).filter((i) => i.game)
    expect(casino.map((i) => i.to)).toEqual([
      '/casino-lobby/casino',
      '/casino-live/SPB-aviator/SPB',
      '/casino-lobby/slot-games',
      '/casino-lobby/slot-games/Rubyplay',
      '/casino-lobby/slot-games/Turbo Games',
    ])
    expect(ids(['-100']).find((i) => i.key === 'aura')?.to).toBe('/livegames/aura/FAWK')
  })

  it('sends racing and election to their own pages', () => {
    expect(sportPath('7', 'Horse Racing')).toBe('/horse-racing')
    expect(sportPath('4339', 'Greyhound Racing')).toBe('/greyhound-racing')
    expect(sportPath('1', 'Football')).toBe('/sports-page/Football/1')
  })
})

describe('racingCountdown (shell §4)', () => {
  const start = Date.UTC(2026, 10, 23, 15, 0)
  it('counts days and hours a day or more ahead', () => {
    expect(racingCountdown(start, start - (2 * 1440 + 3 * 60 + 5) * 60_000)).toEqual({
      key: 'opensInDays',
      days: 2,
      hours: 3,
    })
  })

  it('counts hours and minutes within a day', () => {
    expect(racingCountdown(start, start - 90 * 60_000)).toEqual({
      key: 'opensInHours',
      hours: 1,
      minutes: 30,
    })
  })

  it('says started once the start has passed', () => {
    expect(racingCountdown(start, start)).toEqual({ key: 'startedOn' })
  })
})
