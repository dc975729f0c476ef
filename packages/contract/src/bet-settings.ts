import { z } from 'zod'
import { ok } from './envelope'
import type { MarketType } from './market'
import { rupees } from './money'
import { SPORT_ID } from './sport'

/**
 * POST getUserSetting (empty body; not shown) → the user's bet delays (seconds) and limits
 * (rupees) in one flat `data`. A null limit means "not set": the client then uses the market's
 * limit from event/getEventsLimit, else DEFAULT_USER_LIMITS (./limits).
 */
export const betDelays = z.object({
  matchoddsBetDelay: z.number().int().min(0),
  soccerBetDelay: z.number().int().min(0),
  tennisBetDelay: z.number().int().min(0),
  bookmakerBetDelay: z.number().int().min(0),
  fancyBetDelay: z.number().int().min(0),
  virtualBetDelay: z.number().int().min(0),
  ballbyballBetDelay: z.number().int().min(0),
})
export type BetDelays = z.infer<typeof betDelays>

const limit = rupees.nullable()

/** Cricket names, then the same with prefix s (soccer) and t (tennis). */
export const userLimits = z.object({
  fancyMinLimit: limit,
  fancyMaxLimit: limit,
  oddsMinLimit: limit,
  oddsMaxLimit: limit,
  bookmakerMinLimit: limit,
  bookmakerMaxLimit: limit,
  sfancyMinLimit: limit,
  sfancyMaxLimit: limit,
  soddsMinLimit: limit,
  soddsMaxLimit: limit,
  sbookmakerMinLimit: limit,
  sbookmakerMaxLimit: limit,
  tfancyMinLimit: limit,
  tfancyMaxLimit: limit,
  toddsMinLimit: limit,
  toddsMaxLimit: limit,
  tbookmakerMinLimit: limit,
  tbookmakerMaxLimit: limit,
})
export type UserLimits = z.infer<typeof userLimits>

export const userSettingRequest = z.strictObject({})
export const userSettingResponse = ok(betDelays.extend(userLimits.shape))
export type UserSettingResponse = z.infer<typeof userSettingResponse>

/** Event type ids of virtual and ball-by-ball markets (betting §1). */
export const VIRTUAL_EVENT_TYPE = 'v9'
export const BALL_BY_BALL_EVENT_TYPE = 'b9'

/** The market kinds a delay is chosen by (betting §9), v9 virtual and b9 ball-by-ball included. */
export type DelayKey = keyof BetDelays

/**
 * betDelayKey('MATCH_ODDS', '1') → 'soccerBetDelay'; betDelayKey('SESSION', '4') → 'fancyBetDelay'.
 * Match odds of cricket and any other sport use the match-odds delay.
 */
export const betDelayKey = (marketType: MarketType, eventTypeId: string): DelayKey => {
  if (eventTypeId === VIRTUAL_EVENT_TYPE) return 'virtualBetDelay'
  if (eventTypeId === BALL_BY_BALL_EVENT_TYPE) return 'ballbyballBetDelay'
  if (marketType === 'BOOKMAKER') return 'bookmakerBetDelay'
  if (marketType === 'SESSION') return 'fancyBetDelay'
  if (eventTypeId === SPORT_ID.football) return 'soccerBetDelay'
  if (eventTypeId === SPORT_ID.tennis) return 'tennisBetDelay'
  return 'matchoddsBetDelay'
}
