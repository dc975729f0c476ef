import { z } from 'zod'
import { ok } from './envelope'
import { marketStatus, marketType, runner } from './market'

const id = z.union([z.string().trim().min(1), z.number().int()]).transform(String)

/**
 * `POST /api/v1/match/homeMatchesOpen` (guest) and, later, `match/homeMatchesV2` (auth):
 * body `{ sport_id }` or `{ series_id }` (string or number), answer the matches with their main market.
 */
export const homeMatchesRequest = z
  .strictObject({
    sport_id: id.optional(),
    series_id: id.optional(),
    /**
     * Not shown: only the first `limit` matches (in play first, then by start time), with `total`
     * the count of all. The home page asks for the rows it shows.
     */
    limit: z.number().int().min(1).max(100).optional(),
  })
  .refine((b) => b.sport_id !== undefined || b.series_id !== undefined, {
    message: 'sport_id or series_id is required',
    path: ['sport_id'],
  })
export type HomeMatchesRequest = z.input<typeof homeMatchesRequest>

/**
 * One event with its main market (match odds, or the race's win market). Racing events also
 * carry venue, country_code and market_start_time as the spec's race item names them.
 */
export const homeMatch = z.object({
  match_id: z.string(),
  match_name: z.string(),
  sport_id: z.string(),
  series_id: z.string(),
  series_name: z.string(),
  market_id: z.string(),
  market_name: z.string(),
  market_type: marketType,
  /** ISO 8601 UTC start time. */
  match_date: z.iso.datetime(),
  market_start_time: z.iso.datetime(),
  inplay: z.boolean(),
  status: marketStatus,
  /** Whether the event also offers a bookmaker market / session (fancy) lines. */
  has_bookmaker: z.boolean(),
  has_fancy: z.boolean(),
  venue: z.string().nullable(),
  country_code: z.string().nullable(),
  runners: z.array(runner),
})
export type HomeMatch = z.infer<typeof homeMatch>

export const homeMatchesResponse = ok(z.array(homeMatch)).extend({
  /** With a `limit`: how many matches there are in all. */
  total: z.number().int().nonnegative().optional(),
})
export type HomeMatchesResponse = z.infer<typeof homeMatchesResponse>
