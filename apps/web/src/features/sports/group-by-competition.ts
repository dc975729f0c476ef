import type { HomeMatch } from '@backlay/contract/matches'

export interface CompetitionGroup {
  seriesId: string
  seriesName: string
  matches: HomeMatch[]
}

/**
 * Competitions in the order their first match starts, live matches first inside each.
 * groupByCompetition([ipl1, bbl1, ipl2]) → [IPL: [ipl1, ipl2], BBL: [bbl1]]
 */
export function groupByCompetition(matches: readonly HomeMatch[]): CompetitionGroup[] {
  const sorted = [...matches].sort(
    (a, b) => Number(b.inplay) - Number(a.inplay) || a.match_date.localeCompare(b.match_date),
  )
  const groups = new Map<string, CompetitionGroup>()
  for (const m of sorted) {
    const group = groups.get(m.series_id) ?? {
      seriesId: m.series_id,
      seriesName: m.series_name,
      matches: [],
    }
    group.matches.push(m)
    groups.set(m.series_id, group)
  }
  return [...groups.values()]
}
