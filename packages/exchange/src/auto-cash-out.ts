import type { Paise } from './ids'

/**
 * A player's automatic cash-out on a position: cash out once what a full cash-out locks in
 * reaches the profit target, or falls to the loss limit (a positive amount of loss). Either may
 * be left out, not both.
 */
export interface AutoCashOutRule {
  readonly profitTarget: Paise | null
  readonly lossLimit: Paise | null
}

export type AutoCashOutTrigger = 'PROFIT_TARGET' | 'LOSS_LIMIT'

/**
 * Which trigger the cash-out value crossed, if any:
 * autoCashOutTrigger(5000, { profitTarget: 5000, lossLimit: null }) → 'PROFIT_TARGET';
 * autoCashOutTrigger(-2500, { profitTarget: null, lossLimit: 2000 }) → 'LOSS_LIMIT'.
 */
export function autoCashOutTrigger(value: Paise, rule: AutoCashOutRule): AutoCashOutTrigger | null {
  if (rule.profitTarget !== null && value >= rule.profitTarget) return 'PROFIT_TARGET'
  if (rule.lossLimit !== null && value <= -rule.lossLimit) return 'LOSS_LIMIT'
  return null
}
