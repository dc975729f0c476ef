import { SPORT_ID } from '@backlay/contract/sport'
import type { SportInput } from '../db/repositories/catalog'

/** The sports every feed files its events under (Betfair event type ids, which the API family uses). */
export const FEED_SPORTS: readonly SportInput[] = [
  { id: SPORT_ID.cricket, name: 'Cricket', sortOrder: 1 },
  { id: SPORT_ID.football, name: 'Football', sortOrder: 2 },
  { id: SPORT_ID.tennis, name: 'Tennis', sortOrder: 3 },
  { id: SPORT_ID.horseRacing, name: 'Horse Racing', sortOrder: 4 },
  { id: SPORT_ID.greyhoundRacing, name: 'Greyhound Racing', sortOrder: 5 },
  { id: SPORT_ID.election, name: 'Election', sortOrder: 6 },
]
