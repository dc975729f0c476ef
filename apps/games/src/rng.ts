import { randomInt } from 'node:crypto'

/** A uniform integer in [0, maxExclusive). Games take it as an argument so tests can drive them. */
export type Rng = (maxExclusive: number) => number

/** node:crypto's CSPRNG; randomInt rejects out-of-range draws, so there is no modulo bias. */
export const cryptoRng: Rng = (maxExclusive) => randomInt(maxExclusive)
