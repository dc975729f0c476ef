import { randomInt } from 'node:crypto'
import type { Rng } from './rng'

/** node:crypto's CSPRNG; randomInt rejects out-of-range draws, so there is no modulo bias. */
export const cryptoRng: Rng = (maxExclusive) => randomInt(maxExclusive)
