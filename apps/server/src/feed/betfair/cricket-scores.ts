import type { CricketChange } from '@backlay/contract/betfair-stream'
import type { EventScoreInput } from '../../db/repositories/catalog'

/**
 * The latest known state of each cricket match from Betfair's cricket messages, merged part by
 * part, and the scoreboard line each side gets from it: '152/3 (18.2 ov)', innings joined by '&'.
 */
export class CricketScores {
  private readonly matches = new Map<string, CricketChange>()
  private readonly changed = new Map<string, number>()

  apply(pt: number, changes: readonly CricketChange[]) {
    for (const change of changes) {
      const known = this.matches.get(change.eventId)
      this.matches.set(change.eventId, { ...known, ...change })
      this.changed.set(change.eventId, pt)
    }
  }

  /** Scores of the matches changed since the last call, shifted by `shiftMs`. */
  takeChanged(shiftMs: number): EventScoreInput[] {
    const scores: EventScoreInput[] = []
    for (const [eventId, pt] of this.changed) {
      const match = this.matches.get(eventId)
      if (match) scores.push(scoreOf(match, pt + shiftMs))
    }
    this.changed.clear()
    return scores
  }
}

export function scoreOf(match: CricketChange, at: number): EventScoreInput {
  const innings = match.matchStats?.inningsStats ?? []
  const teamScore = (name: string) =>
    innings
      .filter((i) => i.battingTeam === name)
      .sort((a, b) => a.inningsNum - b.inningsNum)
      .map((i) => `${i.inningsRuns}/${i.inningsWickets} (${i.inningsOvers} ov)`)
      .join(' & ')
  const teams = [match.homeTeam, match.awayTeam]
    .filter((t) => t !== undefined)
    .map((t) => ({ name: t.name, score: teamScore(t.name) }))
  const status =
    match.fixtureInfo?.eventStatus ??
    match.matchStats?.tossResult ??
    match.fixtureInfo?.fixtureStatus ??
    null
  return { eventId: match.eventId, teams, status, at }
}
