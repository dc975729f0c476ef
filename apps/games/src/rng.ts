/** A uniform integer in [0, maxExclusive). Games take it as an argument so tests can drive them. */
export type Rng = (maxExclusive: number) => number
