import type { SearchItem } from '@backlay/contract/search'
import type { Kysely } from 'kysely'
import { matchReadsRepository } from '../db/repositories/match-reads'
import type { Database } from '../db/schema'

/** A dropdown shows a handful; more than this is a sign the text is too short to mean anything. */
export const SEARCH_RESULT_LIMIT = 50

/** Open events whose name contains the text, any case (shell §5), live first. */
export async function searchMatches(db: Kysely<Database>, text: string): Promise<SearchItem[]> {
  const rows = await matchReadsRepository(db).searchOpenEvents(text, SEARCH_RESULT_LIMIT)
  return rows.map((r) => ({
    id: r.market_id,
    match_name: r.name,
    sport_id: r.sport_id,
    match_id: r.id,
    series_name: r.competition_name,
    market_id: r.market_id,
  }))
}
