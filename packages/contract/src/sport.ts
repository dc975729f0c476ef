/**
 * Ids the spec fixes: event type ids for sports and the two menu-only ids that switch on the
 * casino (`QT`) and card-game (`-100`) buttons. Ids travel as strings on the wire.
 */
export const SPORT_ID = {
  football: '1',
  tennis: '2',
  cricket: '4',
  horseRacing: '7',
  greyhoundRacing: '4339',
  election: '2378961',
} as const
export type SportId = (typeof SPORT_ID)[keyof typeof SPORT_ID]

export const MENU_ID = {
  casino: 'QT',
  cardGames: '-100',
} as const

/** Racing sports list meetings (venue + country) instead of competitions. */
export const RACING_SPORT_IDS: readonly string[] = [SPORT_ID.horseRacing, SPORT_ID.greyhoundRacing]
