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
 * Three levels a side around a fair probability, one tick apart, on the ladder: backs at or
 * below the fair price, lays above it. Where the fair price falls off the ladder that side is
 * not offered (a back at 1.01 on a 1.001 shot, or a lay at 1000 on a 2000 one, would hand the
 * player a sure profit with the other runners).
 * exchangeQuote(0.5) → back 2.00 / 1.99 / 1.98, lay 2.02 / 2.04 / 2.06 (sizes in paise, random).
 */
export function exchangeQuote(
  probability: number,
  rng: Prng,
  depthRupees: number,
): { back: PriceLevel[]; lay: PriceLevel[] } {
  const fair = 100 / probability
  const bestBack = fair >= MIN_ODDS ? snap(Math.min(fair, MAX_ODDS), 'DOWN') : null
  const bestLay =
    fair > MAX_ODDS ? null : bestBack === null ? MIN_ODDS : (nextTick(bestBack) ?? null)
  const size = () => intBetween(rng, Math.round(depthRupees * 0.2), depthRupees) * RUPEE
  const levels = (best: Odds | null, step: (odds: Odds) => Odds) =>
    best === null
      ? []
      : uniqueByPrice(
          [best, step(best), step(step(best))].map((price) => ({ price, size: size() })),
        )
  return { back: levels(bestBack, tickDown), lay: levels(bestLay, tickUp) }
}

/**
 * House bookmaker line: whole-rate odds with a 2 % margin on each side of the fair price, deep
 * fixed size. Its back is never longer and its lay never shorter than the fair price (a side
 * that would leave the ladder is not offered), so with an exchange quote around the same fair
 * price no stakes over both lines win in every result.
 * bookmakerQuote(0.5) → back 1.96, lay 2.05
 */
export function bookmakerQuote(probability: number): { back: PriceLevel[]; lay: PriceLevel[] } {
  const fair = 100 / probability
  const back = Math.min(MAX_ODDS, Math.floor(fair * 0.98))
  const lay = Math.ceil(fair / 0.98)
  const deep = (price: number) => [{ price, size: 5_00_000 * RUPEE }]
  return {
    back: back >= MIN_ODDS ? deep(back) : [],
    lay: lay <= MAX_ODDS ? deep(lay) : [],
  }
}

/** Fancy line: No at `runs` and Yes one run higher, both at rate 100 (back = Yes, lay = No). */
export function sessionQuote(runs: number): { back: PriceLevel[]; lay: PriceLevel[] } {
  return { back: [{ price: runs + 1, size: 100 }], lay: [{ price: runs, size: 100 }] }
}
