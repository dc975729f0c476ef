/**
 * The multiplier curve, a pure function of the time since the round started: Bustabit's growth
 * e^(0.00006·t) in hundredths, so both server and browser draw and settle the same numbers.
 */
export const GROWTH_PER_MS = 0.00006

/** multiplierAt(0) → 100 (1.00×); multiplierAt(11_553) → 200 (2.00×). */
export const multiplierAt = (elapsedMs: number): number =>
  Math.floor(100 * Math.exp(GROWTH_PER_MS * Math.max(0, elapsedMs)))

/** First whole millisecond at which the curve shows `multiplier` hundredths: msToReach(200) → 11_553. */
export const msToReach = (multiplier: number): number => {
  let ms = Math.max(0, Math.ceil(Math.log(multiplier / 100) / GROWTH_PER_MS))
  while (multiplierAt(ms) < multiplier) ms++
  while (ms > 0 && multiplierAt(ms - 1) >= multiplier) ms--
  return ms
}
