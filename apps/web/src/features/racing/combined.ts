import type { DetailRunner } from '@backlay/contract/match-details'
import { dutch } from '@backlay/exchange/dutching'
import type { Odds, Paise, SelectionId } from '@backlay/exchange/ids'

/** §5: at most 4 runners, only while the market is open and the runner ACTIVE. */
export const MAX_PICKS = 4

/** Toggles a runner in the combined selection; refuses a 5th or an inactive runner. */
export function togglePick(
  picked: readonly string[],
  runner: Pick<DetailRunner, 'selectionId' | 'status'>,
  marketOpen: boolean,
): string[] {
  if (picked.includes(runner.selectionId)) return picked.filter((id) => id !== runner.selectionId)
  if (!marketOpen || runner.status !== 'ACTIVE' || picked.length >= MAX_PICKS) return [...picked]
  return [...picked, runner.selectionId]
}

/** The combined runner's name joins the selection numbers with '+': '1+4+7'. */
export const combinedName = (runners: readonly DetailRunner[]): string =>
  runners.map((r) => r.metadata?.CLOTH_NUMBER || r.sort_priority).join('+')

const toOdds = (d: number) => Math.round(d * 100) as Odds

/**
 * Combined odds of the picked runners at one side's best prices: 1 / Σ(1 / odds), snapped down
 * to the ladder (exchange dutching). Undefined when a runner has no price on that side.
 */
export function combinedOdds(
  runners: readonly DetailRunner[],
  side: 'back' | 'lay',
): number | undefined {
  const prices = runners.map((r) =>
    side === 'back' ? r.ex.availableToBack[0]?.oprice : r.ex.availableToLay[0]?.oprice,
  )
  if (prices.some((p) => p === undefined || p <= 1)) return undefined
  const result = dutch(
    100_00 as Paise,
    runners.map((r, i) => ({
      selectionId: r.selectionId as SelectionId,
      odds: toOdds(prices[i] as number),
    })),
  )
  return result.ok ? result.value.combinedOdds / 100 : undefined
}
