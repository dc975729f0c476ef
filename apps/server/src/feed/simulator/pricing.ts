import { MAX_ODDS, MIN_ODDS, type Odds } from '@backlay/exchange/ids'
import { nextTick, previousTick, snap } from '@backlay/exchange/ladder'
import type { PriceLevel } from '../../db/schema'
import { intBetween, type Prng } from '../prng'

/** Probabilities from logits (softmax), the space in which the fair price takes its walk. */
export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits)
  const exps = logits.map((l) => Math.exp(l - max))
  const total = exps.reduce((a, b) => a + b, 0)
  return exps.map((e) => e / total)
}

const RUPEE = 100
// The quote walks one tick at a time and stays on the ladder at both ends.
const tickUp = (odds: Odds): Odds => nextTick(odds) ?? MAX_ODDS
const tickDown = (odds: Odds): Odds => previousTick(odds) ?? MIN_ODDS
const uniqueByPrice = (levels: PriceLevel[]) =>
  levels.filter((l, i) => levels.findIndex((o) => o.price === l.price) === i)

/**
 * Three levels a side around a fair probability, one tick apart, on the ladder.
 * exchangeQuote(0.5) → back 2.00 / 1.99 / 1.98, lay 2.02 / 2.04 / 2.06 (sizes in paise, random).
 */
export function exchangeQuote(
  probability: number,
  rng: Prng,
  depthRupees: number,
): { back: PriceLevel[]; lay: PriceLevel[] } {
  // Keep one tick above the best back so a lay price always exists.
  const fair = Math.min(tickDown(MAX_ODDS), Math.max(MIN_ODDS, 100 / probability))
  const bestBack = snap(fair, 'DOWN')
  const bestLay = tickUp(bestBack)
  const size = () => intBetween(rng, Math.round(depthRupees * 0.2), depthRupees) * RUPEE
  const backPrices = [bestBack, tickDown(bestBack), tickDown(tickDown(bestBack))]
  const layPrices = [bestLay, tickUp(bestLay), tickUp(tickUp(bestLay))]
  return {
    back: uniqueByPrice(backPrices.map((price) => ({ price, size: size() }))),
    lay: uniqueByPrice(layPrices.map((price) => ({ price, size: size() }))),
  }
}

/** House bookmaker line: whole-rate odds with a 2-rate spread and a 2% margin, deep fixed size. */
export function bookmakerQuote(probability: number): { back: PriceLevel[]; lay: PriceLevel[] } {
  const back = Math.max(MIN_ODDS, Math.min(MAX_ODDS - 2, Math.floor((100 / probability) * 0.98)))
  return {
    back: [{ price: back, size: 5_00_000 * RUPEE }],
    lay: [{ price: back + 2, size: 5_00_000 * RUPEE }],
  }
}

/** Fancy line: No at `runs` and Yes one run higher, both at rate 100 (back = Yes, lay = No). */
export function sessionQuote(runs: number): { back: PriceLevel[]; lay: PriceLevel[] } {
  return { back: [{ price: runs + 1, size: 100 }], lay: [{ price: runs, size: 100 }] }
}
