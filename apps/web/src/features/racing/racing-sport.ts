import { SPORT_ID } from '@backlay/contract/sport'

/** /horse-racing and /greyhound-racing (§2): the sport a racing page lists. */
export const racingSportOf = (pathname: string): string =>
  pathname.startsWith('/horse-racing') ? SPORT_ID.horseRacing : SPORT_ID.greyhoundRacing
