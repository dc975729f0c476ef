import type { CricketChange } from '@backlay/contract/betfair-stream'
import { describe, expect, it } from 'vitest'
import { CricketScores } from './cricket-scores'

const innings = (
  inningsNum: number,
  battingTeam: string,
  runs: number,
  wickets: number,
  overs: string,
) => ({
  inningsNum,
  battingTeam,
  inningsRuns: runs,
  inningsWickets: wickets,
  inningsOvers: overs,
})

describe('CricketScores', () => {
  it('merges each match part by part and writes each side its innings, first to last', () => {
    const scores = new CricketScores()
    const teams: Partial<CricketChange> = {
      homeTeam: { name: 'England' },
      awayTeam: { name: 'India' },
    }
    scores.apply(1_000, [
      { eventId: 'e1', ...teams, matchStats: { tossResult: 'India won the toss' } },
    ])
    expect(scores.takeChanged(0)).toEqual([
      {
        eventId: 'e1',
        teams: [
          { name: 'England', score: '' },
          { name: 'India', score: '' },
        ],
        status: 'India won the toss',
        at: 1_000,
      },
    ])
    expect(scores.takeChanged(0)).toEqual([])

    scores.apply(2_000, [
      {
        eventId: 'e1',
        fixtureInfo: { eventStatus: 'England trail by 40' },
        matchStats: {
          inningsStats: [
            innings(3, 'England', 150, 4, '41.0'),
            innings(1, 'England', 210, 10, '70.3'),
            innings(2, 'India', 400, 10, '110.1'),
          ],
        },
      },
    ])
    expect(scores.takeChanged(500)).toEqual([
      {
        eventId: 'e1',
        teams: [
          { name: 'England', score: '210/10 (70.3 ov) & 150/4 (41.0 ov)' },
          { name: 'India', score: '400/10 (110.1 ov)' },
        ],
        status: 'England trail by 40',
        at: 2_500,
      },
    ])
  })
})
