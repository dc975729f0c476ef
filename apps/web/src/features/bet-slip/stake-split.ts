import { dutch } from '@backlay/exchange/dutching'
import type { Odds, Paise, SelectionId } from '@backlay/exchange/ids'
import type { SlipLeg } from './stores/bet-slip-store'

const toOdds = (d: number) => Math.round(d * 100) as Odds

/**
 * §4: the stake split across the legs in proportion to their odds, each a whole number of
 * rupees. splitStake(100, [2.0, 4.0]) → [67, 33]
 */
export function splitStake(
  stake: number,
  legs: readonly SlipLeg[],
): { ok: true; stakes: number[] } | { ok: false; msg: string } {
  const result = dutch(
    Math.round(stake * 100) as Paise,
    legs.map((l) => ({ selectionId: l.selectionId as SelectionId, odds: toOdds(l.odds) })),
  )
  if (!result.ok) return { ok: false, msg: result.msg }
  return { ok: true, stakes: result.value.legs.map((l) => l.stake / 100) }
}
