/** Stake limits in paise (betting-area §9) that every feed gives its markets. */
const RUPEE = 100

export const MAX_PROFIT = 5_00_000 * RUPEE

/** Odds and fancy 1–1,00,000; bookmaker 100–20,00,000 on cricket; 100–50,000 elsewhere. */
export const LIMITS = {
  cricketOdds: { minStake: 1 * RUPEE, maxStake: 1_00_000 * RUPEE },
  cricketBookmaker: { minStake: 100 * RUPEE, maxStake: 20_00_000 * RUPEE },
  fancy: { minStake: 1 * RUPEE, maxStake: 1_00_000 * RUPEE },
  other: { minStake: 100 * RUPEE, maxStake: 50_000 * RUPEE },
} as const

/** The spec's default bet delay for every kind. */
export const BET_DELAY_SECONDS = 5
