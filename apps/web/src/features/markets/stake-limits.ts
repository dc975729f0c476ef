import type { UserLimits } from '@backlay/contract/bet-settings'
import { DEFAULT_USER_LIMITS } from '@backlay/contract/limits'
import { SPORT_ID } from '@backlay/contract/sport'

/** Which of the user-limit families a market belongs to (§3 user limits). */
export type LimitKind = 'odds' | 'bookmaker' | 'fancy'

export interface StakeRange {
  min: number
  max: number
}

/** Cricket limits carry no prefix; soccer 's', tennis 't'; other sports use the soccer row (§9). */
const prefixOf = (eventTypeId: string): '' | 's' | 't' =>
  eventTypeId === SPORT_ID.cricket ? '' : eventTypeId === SPORT_ID.tennis ? 't' : 's'

/**
 * Min and max stake of a market: a user limit that is set wins, else the event's own limit
 * (event/getEventsLimit), else the §9 default.
 * stakeRange('bookmaker', '4') → { min: 100, max: 2000000 }
 */
export function stakeRange(
  kind: LimitKind,
  eventTypeId: string,
  eventLimit?: { min: number; max: number },
  userLimits?: Partial<UserLimits>,
): StakeRange {
  const p = prefixOf(eventTypeId)
  const minKey = `${p}${kind}MinLimit` as keyof typeof DEFAULT_USER_LIMITS
  const maxKey = `${p}${kind}MaxLimit` as keyof typeof DEFAULT_USER_LIMITS
  return {
    min: userLimits?.[minKey] ?? eventLimit?.min ?? DEFAULT_USER_LIMITS[minKey],
    max: userLimits?.[maxKey] ?? eventLimit?.max ?? DEFAULT_USER_LIMITS[maxKey],
  }
}

export const limitKindOf = (marketType: string): LimitKind =>
  marketType === 'BOOKMAKER' ? 'bookmaker' : marketType === 'SESSION' ? 'fancy' : 'odds'
