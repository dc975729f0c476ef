import type { HomeMatch } from '@backlay/contract/matches'
import { describe, expect, it } from 'vitest'
import { groupByCompetition } from './group-by-competition'

const match = (id: string, series: string, date: string, inplay = false) =>
  ({
    match_id: id,
    series_id: series,
    series_name: series.toUpperCase(),
    match_date: date,
    inplay,
  }) as HomeMatch

describe('groupByCompetition', () => {
  it('groups per competition, live first, then by start time', () => {
    const groups = groupByCompetition([
      match('a', 'ipl', '2026-11-24T10:00:00Z'),
      match('b', 'bbl', '2026-11-23T10:00:00Z'),
      match('c', 'ipl', '2026-11-25T10:00:00Z', true),
    ])
    expect(groups.map((g) => [g.seriesName, g.matches.map((m) => m.match_id)])).toEqual([
      ['IPL', ['c', 'a']],
      ['BBL', ['b']],
    ])
  })
})
