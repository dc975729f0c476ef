import { SPORT_ID } from '@backlay/contract/sport'
import { sportPath } from '../navigation/nav-items'

/** The sports the home page lists, in order, with their own pages. */
export const HOME_SPORTS = [
  { sportId: SPORT_ID.cricket, name: 'cricket', path: sportPath(SPORT_ID.cricket, 'Cricket') },
  { sportId: SPORT_ID.football, name: 'football', path: sportPath(SPORT_ID.football, 'Football') },
  { sportId: SPORT_ID.tennis, name: 'tennis', path: sportPath(SPORT_ID.tennis, 'Tennis') },
] as const
