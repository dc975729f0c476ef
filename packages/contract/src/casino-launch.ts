import { z } from 'zod'

/**
 * Casino launch calls of the betting area (spec §7) and the launch URL the Backlay server builds.
 *
 * `POST lotus/lobbyUrl`  body `{}` (game 98789, the lobby) or `{ game_id, game_type: 'old' }` (one game)
 *                        → `{ status: true, launchUrl }`
 * `POST qtech/launchUrl` body `{ gameId, providerCode }` (e.g. `SPB-aviator`, `SPB`)
 *                        → `{ status: true, data: { launchUrl } }`
 * Guests get 401; demo users get 403 `{ status: false, msg: 'Please login from your read ID.' }`.
 *
 * The launch URL is `${GAMES_PUBLIC_URL}/launch?token=<launch token>&game=<catalogue id>`: the token is
 * one-time and short-lived (minted by the Backlay server, consumed by the games server through
 * `casino-wallet/authenticate`). The web app may append `group` and `provider` to open the lobby on a
 * section, e.g. `&group=slots&provider=Rubyplay` for /casino-lobby/slot-games/Rubyplay.
 */
export const LOBBY_GAME_ID = 98789
export const LAUNCH_TOKEN_TTL_SECONDS = 60

export const lotusLobbyUrlRequest = z.union([
  z.object({
    game_id: z.union([z.string().min(1), z.number().int()]),
    game_type: z.literal('old'),
  }),
  z.object({}).strict(),
])
export type LotusLobbyUrlRequest = z.infer<typeof lotusLobbyUrlRequest>
export const lotusLobbyUrlResponse = z.object({ status: z.literal(true), launchUrl: z.url() })

export const qtechLaunchUrlRequest = z.object({
  gameId: z.string().min(1),
  providerCode: z.string().min(1),
})
export type QtechLaunchUrlRequest = z.infer<typeof qtechLaunchUrlRequest>
export const qtechLaunchUrlResponse = z.object({
  status: z.literal(true),
  data: z.object({ launchUrl: z.url() }),
})

/** Games of the in-house provider; `lobby` opens the lobby. */
export const casinoGameIds = ['lobby', 'aviator', 'lotus-sevens', 'andar-bahar'] as const
export const casinoGameId = z.enum(casinoGameIds)
export type CasinoGameId = z.infer<typeof casinoGameId>

export const lobbyGroups = ['live', 'slots', 'indian'] as const
export const lobbyGroup = z.enum(lobbyGroups)
export type LobbyGroup = z.infer<typeof lobbyGroup>

/** Query of the launch URL, read by the games server's /launch page. */
export const launchQuery = z.object({
  token: z.string().min(16).max(256),
  game: casinoGameId,
  group: lobbyGroup.optional(),
  provider: z.string().max(64).optional(),
})
export type LaunchQuery = z.infer<typeof launchQuery>

/** Spec-side ids of the games (lotus `game_id`, qtech `gameId`/`providerCode`) → catalogue id. */
const lotusGames: Record<string, CasinoGameId> = { [LOBBY_GAME_ID]: 'lobby', AB: 'andar-bahar' }
const qtechGames: Record<string, CasinoGameId> = {
  'SPB:SPB-aviator': 'aviator',
  'BLO:lotus-sevens': 'lotus-sevens',
  'BLO:andar-bahar': 'andar-bahar',
}

/**
 * Which catalogue game a launch call opens, or undefined for an unknown game.
 * lotusLaunchTarget({}) → 'lobby'; lotusLaunchTarget({ game_id: 'AB', game_type: 'old' }) → 'andar-bahar'
 */
export const lotusLaunchTarget = (body: LotusLobbyUrlRequest): CasinoGameId | undefined =>
  'game_id' in body ? lotusGames[String(body.game_id)] : 'lobby'

/** qtechLaunchTarget({ gameId: 'SPB-aviator', providerCode: 'SPB' }) → 'aviator' */
export const qtechLaunchTarget = (body: QtechLaunchUrlRequest): CasinoGameId | undefined =>
  qtechGames[`${body.providerCode}:${body.gameId}`]
