import { z } from 'zod'

/**
 * The wire speaks rupees with at most two decimals (the spec's `stack`) and decimal odds
 * (1.95); the server converts to integer paise and odds ×100 at the boundary.
 */
const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6

/**
 * No amount on the wire reaches ₹1 lakh crore: far above any stake, limit or balance, and far
 * below where paise stop being exact integers (2^53) or fit PostgreSQL's bigint.
 */
export const MAX_RUPEES = 1_000_000_000_000

export const rupees = z
  .number()
  .finite()
  .min(-MAX_RUPEES, 'Amount is too large.')
  .max(MAX_RUPEES, 'Amount is too large.')
  .refine(hasAtMostTwoDecimals, { message: 'Amount may have at most 2 decimals.' })

export const decimalOdds = z
  .number()
  .finite()
  .refine(hasAtMostTwoDecimals, { message: 'Odds may have at most 2 decimals.' })

/** rupeesToPaise(12.34) → 1234 */
export const rupeesToPaise = (r: number): number => Math.round(r * 100)
/** paiseToRupees(1234) → 12.34 */
export const paiseToRupees = (p: number): number => p / 100
/** decimalToOdds(1.95) → 195 */
export const decimalToOdds = (o: number): number => Math.round(o * 100)
/** oddsToDecimal(195) → 1.95 */
export const oddsToDecimal = (o: number): number => o / 100
