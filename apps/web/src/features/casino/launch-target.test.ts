import { describe, expect, it } from 'vitest'
import { launchForPath, withLobbySection } from './launch-target'

describe('launchForPath (shell §2 casino routes)', () => {
  it.each([
    ['/aviator', { via: 'qtech', body: { gameId: 'SPB-aviator', providerCode: 'SPB' } }],
    [
      '/casino-live/SPB-aviator/SPB',
      { via: 'qtech', body: { gameId: 'SPB-aviator', providerCode: 'SPB' } },
    ],
    ['/casino-lobby', { via: 'lotus', body: {} }],
    ['/casino-lobby/casino', { via: 'lotus', body: {}, group: 'live' }],
    ['/casino-lobby/slot-games', { via: 'lotus', body: {}, group: 'slots' }],
    [
      '/casino-lobby/slot-games/Rubyplay',
      { via: 'lotus', body: {}, group: 'slots', provider: 'Rubyplay' },
    ],
    [
      '/casino-lobby/slot-games/Turbo%20Games',
      { via: 'lotus', body: {}, group: 'slots', provider: 'Turbo Games' },
    ],
    [
      '/casino-lobby/provider/Rubyplay',
      { via: 'lotus', body: {}, group: 'slots', provider: 'Rubyplay' },
    ],
    ['/livegames/aura/FAWK', { via: 'lotus', body: {}, group: 'indian' }],
    ['/livegames', { via: 'lotus', body: {}, group: 'indian' }],
    ['/indian-card-games', { via: 'lotus', body: {}, group: 'indian' }],
    ['/indian-casino/AB', { via: 'lotus', body: { game_id: 'AB', game_type: 'old' } }],
    ['/indian-casino/AB/inplay', { via: 'lotus', body: { game_id: 'AB', game_type: 'old' } }],
    ['/table-casino-live/AB', { via: 'lotus', body: { game_id: 'AB', game_type: 'old' } }],
    ['/casino_live/98789', { via: 'lotus', body: { game_id: '98789', game_type: 'old' } }],
  ])('%s', (path, expected) => {
    expect(launchForPath(path)).toEqual(expected)
  })

  it('opens nothing for an incomplete or foreign path', () => {
    expect(launchForPath('/casino-live/SPB-aviator')).toBeUndefined()
    expect(launchForPath('/indian-casino')).toBeUndefined()
    expect(launchForPath('/event-page/4/1')).toBeUndefined()
  })
})

describe('withLobbySection', () => {
  it('appends the lobby group and provider to the launch URL and keeps its token', () => {
    const url = withLobbySection('http://localhost:8090/launch?token=abc&game=lobby', {
      via: 'lotus',
      body: {},
      group: 'slots',
      provider: 'Turbo Games',
    })
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      token: 'abc',
      game: 'lobby',
      group: 'slots',
      provider: 'Turbo Games',
    })
  })
})
