import type { MenuItem } from '@backlay/contract/menu'
import { MENU_ID, SPORT_ID } from '@backlay/contract/sport'

export interface NavItem {
  /** i18n key under `navigation.` */
  key: string
  to: string
  /** Games that ask guests to log in and refuse demo users (shell §4, §6). */
  game?: boolean
  mobileOnly?: boolean
}

/** The racing pages have their own routes; other sports list under /sports-page. */
export const sportPath = (sportId: string, name: string): string => {
  if (sportId === SPORT_ID.horseRacing) return '/horse-racing'
  if (sportId === SPORT_ID.greyhoundRacing) return '/greyhound-racing'
  if (sportId === SPORT_ID.election) return '/election'
  return `/sports-page/${encodeURIComponent(name)}/${sportId}`
}

export const CASINO_ITEMS: NavItem[] = [
  { key: 'liveCasino', to: '/casino-lobby/casino', game: true },
  { key: 'aviator', to: '/casino-live/SPB-aviator/SPB', game: true },
  { key: 'slots', to: '/casino-lobby/slot-games', game: true },
  { key: 'rubyplay', to: '/casino-lobby/slot-games/Rubyplay', game: true },
  { key: 'turboGames', to: '/casino-lobby/slot-games/Turbo Games', game: true },
]

export const CARD_GAME_ITEMS: NavItem[] = [
  { key: 'aura', to: '/livegames/aura/FAWK', game: true },
  { key: 'indianCardGames', to: '/indian-card-games', game: true },
]

/**
 * Shell §2 navigation buttons: Home (mobile) and Sports always, every other button only when
 * the server menu holds its id. navItems([{ sport_id: '4', … }]) → Home, Sports, Cricket
 */
export function navItems(menu: readonly Pick<MenuItem, 'sport_id'>[]): NavItem[] {
  const has = new Set(menu.map((m) => m.sport_id))
  const items: NavItem[] = [
    { key: 'home', to: '/', mobileOnly: true },
    { key: 'sports', to: '/sports-page/Sportsbook/0' },
  ]
  const sports: [string, NavItem][] = [
    [SPORT_ID.cricket, { key: 'cricket', to: '/sports-page/Cricket/4' }],
    [SPORT_ID.football, { key: 'football', to: '/sports-page/football/1' }],
    [SPORT_ID.tennis, { key: 'tennis', to: '/sports-page/tennis/2' }],
    [SPORT_ID.election, { key: 'election', to: '/election' }],
    [SPORT_ID.horseRacing, { key: 'horseRacing', to: '/horse-racing' }],
    [SPORT_ID.greyhoundRacing, { key: 'greyhoundRacing', to: '/greyhound-racing' }],
  ]
  for (const [id, item] of sports) if (has.has(id)) items.push(item)
  if (has.has(MENU_ID.cardGames)) items.push(...CARD_GAME_ITEMS)
  if (has.has(MENU_ID.casino)) items.push(...CASINO_ITEMS)
  return items
}

export type Countdown =
  | { key: 'opensInDays'; days: number; hours: number }
  | { key: 'opensInHours'; hours: number; minutes: number }
  | { key: 'startedOn' }

/**
 * Shell §4 racing menu countdown: 'Opens in D days H hours' a day or more ahead, else
 * 'Opens in H hours M minutes', and 'Started on …' once the start has passed.
 * racingCountdown(start, start - 90 * 60_000) → { key: 'opensInHours', hours: 1, minutes: 30 }
 */
export function racingCountdown(startMs: number, nowMs: number): Countdown {
  const left = startMs - nowMs
  if (left <= 0) return { key: 'startedOn' }
  const minutes = Math.floor(left / 60_000)
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  if (days > 0) return { key: 'opensInDays', days, hours }
  return { key: 'opensInHours', hours, minutes: minutes % 60 }
}
