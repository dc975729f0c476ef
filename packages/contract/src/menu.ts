import { z } from 'zod'
import { ok } from './envelope'

/**
 * `GET /api/v1/menu`: the sports tree for the navigation buttons and the side bar.
 * Sports hold competitions (for racing: meetings, with venue country), competitions hold matches.
 * The entries `QT` (casino group) and `-100` (card games) have no children; their presence
 * switches the matching buttons on.
 */
export const menuMatch = z.object({
  match_id: z.string(),
  match_name: z.string(),
  market_id: z.string().nullable(),
  /** ISO 8601 UTC start time. */
  match_date: z.iso.datetime(),
  inplay: z.boolean(),
})
export type MenuMatch = z.infer<typeof menuMatch>

export const menuCompetition = z.object({
  series_id: z.string(),
  series_name: z.string(),
  /** Racing meetings only: ISO country code of the venue (GB, IE, AU, US, IN...). */
  country_code: z.string().nullable(),
  children: z.array(menuMatch),
})
export type MenuCompetition = z.infer<typeof menuCompetition>

export const menuItem = z.object({
  sport_id: z.string(),
  name: z.string(),
  children: z.array(menuCompetition),
})
export type MenuItem = z.infer<typeof menuItem>

export const menuResponse = ok(z.array(menuItem))
export type MenuResponse = z.infer<typeof menuResponse>
