import { z } from 'zod'
import { ok } from './envelope'
import { SEARCH_MIN_LENGTH } from './limits'
import { MSG } from './validation-messages'

/**
 * POST /match/getMatches (logged in) or /match/matches (guest): case-insensitive substring of
 * match_name. The web shows 'No data found' below 3 letters without calling; the server
 * refuses shorter text with MSG.searchMin. Body field name not shown: `search`.
 */
export const searchRequest = z.strictObject({
  search: z.string().trim().min(SEARCH_MIN_LENGTH, MSG.searchMin).max(100),
})
export type SearchRequest = z.infer<typeof searchRequest>

/** `id` is a row key unique in the list (the market id of the event's main market). */
export const searchItem = z.object({
  id: z.string(),
  match_name: z.string(),
  sport_id: z.string(),
  match_id: z.string(),
  series_name: z.string(),
  market_id: z.string(),
})
export type SearchItem = z.infer<typeof searchItem>
export const searchResponse = ok(z.array(searchItem))
export type SearchResponse = z.infer<typeof searchResponse>
