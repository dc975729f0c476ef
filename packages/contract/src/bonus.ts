import { z } from 'zod'
import { walletType } from './balance'
import { ok } from './envelope'
import { rupees } from './money'
import { dateWindowRule, paged, pageFields } from './paging'

/**
 * Bonuses and the bonus statement (/bonuses, /bonus-statement; contents not shown, designed
 * here). A bonus sits in a bonus wallet until its wagering is met (then it moves to the main
 * balance) or it expires / is forfeited. Paths: POST bonus/list, POST bonus/statement.
 */
export const bonusStatus = z.enum(['ACTIVE', 'COMPLETED', 'EXPIRED', 'FORFEITED'])
export type BonusStatus = z.infer<typeof bonusStatus>

export const bonus = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['DEPOSIT_MATCH', 'FREE_BET', 'CASHBACK', 'REFERRAL']),
  walletType,
  amount: rupees,
  wageringRequired: rupees,
  wageringCompleted: rupees,
  status: bonusStatus,
  /** ISO 8601 UTC */
  awardedAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
})
export type Bonus = z.infer<typeof bonus>

export const bonusListRequest = z.strictObject({ status: bonusStatus.optional() })
export const bonusListResponse = ok(z.array(bonus))

export const bonusStatementRequest = z.strictObject({ ...pageFields }).superRefine(dateWindowRule)
export const bonusStatementRow = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  bonus_id: z.string(),
  description: z.string(),
  credit: rupees,
  debit: rupees,
  /** Bonus wallet balance after the row. */
  balance: rupees,
})
export type BonusStatementRow = z.infer<typeof bonusStatementRow>
export const bonusStatementResponse = paged(bonusStatementRow)
