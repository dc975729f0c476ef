/**
 * Betting §9: the per-match averages that stand in for IPL matches never played, and when they
 * apply (at least 45 matches played; a stopped tournament is awaited for 45 days).
 */
export const IPL_RULE = {
  minMatches: 45,
  waitDays: 45,
  averages: [
    ['firstOverRuns', 6],
    ['fours', 26],
    ['sixes', 13],
    ['wides', 8],
    ['extras', 14],
    ['noBalls', 1],
    ['ducks', 1],
    ['fifties', 2],
    ['centuries', 0],
    ['runOuts', 1],
    ['wickets', 12],
    ['caught', 8],
    ['maidens', 0],
    ['lbw', 1],
    ['bowled', 2],
  ],
} as const satisfies {
  minMatches: number
  waitDays: number
  averages: readonly (readonly [string, number])[]
}
