import { z } from 'zod'
import { ok } from './envelope'
import { marketDetail } from './match-details'
import { homeMatch } from './matches'
import { SPORT_ID } from './sport'
import { idText } from './wire'

/** Racing pages (betting §2, §7): horse racing 7, greyhound racing 4339. */
export const racingSportId = z.enum([SPORT_ID.horseRacing, SPORT_ID.greyhoundRacing], {
  error: 'sport_id must be 7 or 4339',
})

/** POST /market/allRacingMarkets (auth) and /market/allRacingMarketsOpen (guest) { sport_id } */
export const racingMarketsRequest = z.strictObject({
  sport_id: z.union([z.string(), z.number().int().transform(String)]).pipe(racingSportId),
})
export type RacingMarketsRequest = z.input<typeof racingMarketsRequest>

/**
 * Race item of betting §3 (venue, country_code, market_start_time set), plus its name and status.
 * The list names the races; a race's runners and prices come with its odds (raceOdds below), asked
 * for when it is shown: a day's card with every runner's ladder would be most of a page's bytes.
 */
export const raceItem = homeMatch
  .pick({
    market_id: true,
    match_id: true,
    match_name: true,
    match_date: true,
    market_start_time: true,
    inplay: true,
    market_name: true,
    status: true,
  })
  .extend({
    venue: z.string(),
    country_code: z.string(),
    /** The race's other open markets (a place market), shown under its win market. */
    other_markets: z.array(z.object({ market_id: z.string(), market_name: z.string() })),
  })
export type RaceItem = z.infer<typeof raceItem>
export const racingMarketsResponse = ok(z.array(raceItem))
export type RacingMarketsResponse = z.infer<typeof racingMarketsResponse>

/**
 * Race odds by match and market (path not shown; ours: POST market/raceOdds (auth) and
 * market/raceOddsOpen (guest)) → the full market with runner metadata, polled every 60 s
 * when the stream is down.
 */
export const raceOddsRequest = z.strictObject({
  match_id: idText,
  market_id: idText,
})
export const raceOddsResponse = ok(marketDetail)
