/**
 * A ladder's levels as deltas, Betfair's way (Exchange Stream API `atb`/`atl`/`trd`): a change
 * names a price and the size now there; size 0 means nothing is left at that price. Pure and
 * generic over the units, so the server diffs paise at ladder odds and a client applies the
 * same changes in rupees at decimal odds.
 */
export interface Level {
  readonly price: number
  readonly size: number
}

/**
 * The levels whose size differs from `before` to `after`, a price gone from `after` as size 0.
 * levelChanges([{price: 200, size: 5}], [{price: 202, size: 3}]) → [{202, 3}, {200, 0}].
 */
export function levelChanges<L extends Level>(before: readonly L[], after: readonly L[]): Level[] {
  const was = new Map(before.map((l) => [l.price, l.size]))
  const out: Level[] = []
  for (const l of after) {
    if (was.get(l.price) !== l.size) out.push({ price: l.price, size: l.size })
    was.delete(l.price)
  }
  for (const price of was.keys()) out.push({ price, size: 0 })
  return out
}

/** Which way a side's levels are listed: a backer's best price is the highest, a layer's the lowest. */
export type LevelOrder = 'HIGHEST_FIRST' | 'LOWEST_FIRST'

/**
 * `levels` with `changes` applied (size 0 removes the price), listed in `order`.
 * withLevelChanges([{200, 5}], [{202, 3}, {200, 0}], 'LOWEST_FIRST') → [{202, 3}].
 */
export function withLevelChanges(
  levels: readonly Level[],
  changes: readonly Level[],
  order: LevelOrder,
): Level[] {
  const at = new Map(levels.map((l) => [l.price, l.size]))
  for (const c of changes) {
    if (c.size > 0) at.set(c.price, c.size)
    else at.delete(c.price)
  }
  const sign = order === 'HIGHEST_FIRST' ? -1 : 1
  return [...at]
    .map(([price, size]) => ({ price, size }))
    .sort((a, b) => sign * (a.price - b.price))
}

/** A runner's whole book as a ladder shows it: every price with money, what matched, the last price. */
export interface BookLevels {
  readonly back: readonly Level[]
  readonly lay: readonly Level[]
  readonly traded: readonly Level[]
  readonly lastTradedPrice: number | null
}

/**
 * A runner's book after one change of the stream: `whole` (an image) replaces each side it
 * names, else the named levels change. A last traded price not named stays what it was.
 */
export function withBookChange(
  was: BookLevels | undefined,
  change: Partial<BookLevels>,
  whole: boolean,
): BookLevels {
  const base = whole || !was ? { back: [], lay: [], traded: [] } : was
  return {
    back: withLevelChanges(base.back, change.back ?? [], 'HIGHEST_FIRST'),
    lay: withLevelChanges(base.lay, change.lay ?? [], 'LOWEST_FIRST'),
    traded: withLevelChanges(base.traded, change.traded ?? [], 'LOWEST_FIRST'),
    lastTradedPrice: change.lastTradedPrice ?? was?.lastTradedPrice ?? null,
  }
}
