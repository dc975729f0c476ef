import type {
  LobbyGroup,
  LotusLobbyUrlRequest,
  QtechLaunchUrlRequest,
} from '@backlay/contract/casino-launch'

/** Which launch call opens a casino page, and which lobby section to show. */
export type CasinoLaunch = (
  | { via: 'lotus'; body: LotusLobbyUrlRequest }
  | { via: 'qtech'; body: QtechLaunchUrlRequest }
) & { group?: LobbyGroup; provider?: string }

const lobby = (group?: LobbyGroup, provider?: string): CasinoLaunch => ({
  via: 'lotus',
  body: {},
  ...(group ? { group } : {}),
  ...(provider ? { provider } : {}),
})
const lotusGame = (gameId: string): CasinoLaunch => ({
  via: 'lotus',
  body: { game_id: gameId, game_type: 'old' },
})

const segmentsOf = (pathname: string): string[] =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s)
      } catch {
        return s
      }
    })

/**
 * Shell §2 casino routes → the launch call (betting §7). Undefined for a path that opens nothing.
 * launchForPath('/aviator') → qtech SPB-aviator / SPB
 * launchForPath('/casino-lobby/slot-games/Turbo%20Games') → lobby, slots, provider 'Turbo Games'
 * launchForPath('/indian-casino/AB') → lotus game AB
 */
export function launchForPath(pathname: string): CasinoLaunch | undefined {
  const [page, first, second] = segmentsOf(pathname)
  switch (page) {
    case 'aviator':
      return { via: 'qtech', body: { gameId: 'SPB-aviator', providerCode: 'SPB' } }
    case 'casino-lobby':
      if (first === 'casino') return lobby('live')
      if (first === 'slot-games') return lobby('slots', second)
      if (first === 'provider') return lobby('slots', second)
      return lobby()
    case 'casino-live':
      return first && second
        ? { via: 'qtech', body: { gameId: first, providerCode: second } }
        : undefined
    case 'casino_live':
    case 'table-casino-live':
    case 'indian-casino':
      return first ? lotusGame(first) : undefined
    // Aura live games and the Indian card games page are the card games group of the lobby.
    case 'livegames':
    case 'indian-card-games':
      return lobby('indian')
    default:
      return undefined
  }
}

/** The provider's launch URL with the lobby section appended (its /launch page reads them). */
export function withLobbySection(launchUrl: string, launch: CasinoLaunch): string {
  const url = new URL(launchUrl)
  if (launch.group) url.searchParams.set('group', launch.group)
  if (launch.provider) url.searchParams.set('provider', launch.provider)
  return url.href
}
