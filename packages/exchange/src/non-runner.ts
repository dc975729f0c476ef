import { MIN_ODDS, type Odds, type SelectionId } from './ids'

/**
 * Non-runners of a win market, as Betfair's exchange rules treat them. Every horse carries a
 * reduction factor (its chance of winning, in basis points of a percent: 12.5 % → 1250). When
 * one is withdrawn, matched bets on it are void, and bets matched on the others before the
 * withdrawal keep their stakes at a price cut by that factor — 8.00 with 25 % becomes 6.00 —
 * for backers and layers alike, never below 1.01; a later non-runner cuts the cut price again.
 * A factor under 2.5 % is not applied: prices stand, and only the non-runner's unmatched bets
 * go; from 2.5 % the market is re-formed and every unmatched bet on it is cancelled.
 */
export const REDUCTION_THRESHOLD_BP = 250

export interface Removal {
  readonly selectionId: SelectionId
  readonly factorBp: number
  /** epoch ms Betfair (or the operator) withdrew the runner; later fills are not reduced */
  readonly at: number
}

/** Whether the removal cuts matched prices and cancels every unmatched bet of the market. */
export const reformsMarket = (removal: Pick<Removal, 'factorBp'>) =>
  removal.factorBp >= REDUCTION_THRESHOLD_BP

/** reducedOdds(800, 2500) → 600; never below 1.01, rounded to the nearest hundredth. */
export const reducedOdds = (odds: Odds, factorBp: number): Odds =>
  Math.max(MIN_ODDS, Math.round((odds * (10_000 - factorBp)) / 10_000)) as Odds

export interface MatchedFill<Id> {
  readonly id: Id
  readonly selectionId: SelectionId
  readonly odds: Odds
  /** epoch ms the fill matched */
  readonly at: number
}

export interface NonRunnerChanges<Id> {
  /** fills on the non-runner: their bets are void */
  readonly voided: Id[]
  /** fills on other runners matched before the removal, at their cut price */
  readonly repriced: { readonly id: Id; readonly odds: Odds }[]
}

/**
 * What a removal does to a market's standing fills (those not voided already):
 * nonRunnerChanges(fills, { selectionId: 'R', factorBp: 2500, at }) → R's fills voided,
 * others' matched by `at` from 8.00 to 6.00.
 */
export function nonRunnerChanges<Id>(
  fills: readonly MatchedFill<Id>[],
  removal: Removal,
): NonRunnerChanges<Id> {
  const voided: Id[] = []
  const repriced: { id: Id; odds: Odds }[] = []
  for (const fill of fills) {
    if (fill.selectionId === removal.selectionId) voided.push(fill.id)
    else if (reformsMarket(removal) && fill.at <= removal.at) {
      const odds = reducedOdds(fill.odds, removal.factorBp)
      if (odds !== fill.odds) repriced.push({ id: fill.id, odds })
    }
  }
  return { voided, repriced }
}
