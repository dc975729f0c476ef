import { z } from 'zod'
import { settledBet } from './bets'
import { ok } from './envelope'
import { rupees } from './money'
import { dateWindowRule, paged, pageFields } from './paging'

/**
 * Statement pages (shell §2; contents not shown, designed here). Amounts are rupees, every
 * row is derived from ledger entries, `balance` is the running balance after the row.
 * Paths: POST account/statement, account/statement/details, account/profit-loss,
 * account/transfer-statement (profitLossDetails, `profitLossDetailsRequest`, is not served yet).
 */

export const statementEntryType = z.enum([
  'DEPOSIT',
  'WITHDRAWAL',
  'BET_SETTLEMENT',
  'COMMISSION',
  'CASINO',
  'BONUS',
  'TRANSFER',
  'ADJUSTMENT',
])
export type StatementEntryType = z.infer<typeof statementEntryType>

export const accountStatementRequest = z
  .strictObject({ ...pageFields, type: statementEntryType.optional() })
  .superRefine(dateWindowRule)
export type AccountStatementRequest = z.input<typeof accountStatementRequest>

export const accountStatementRow = z.object({
  id: z.string(),
  /** ISO 8601 UTC */
  createdAt: z.iso.datetime(),
  type: statementEntryType,
  description: z.string(),
  credit: rupees,
  debit: rupees,
  balance: rupees,
  /** Set on bet settlement and commission rows: opens the details. */
  market_id: z.string().nullable(),
  match_id: z.string().nullable(),
})
export type AccountStatementRow = z.infer<typeof accountStatementRow>
export const accountStatementResponse = paged(accountStatementRow)

/** Details of one statement row: the ledger legs that made it (bet rows link to profitLossDetails). */
export const accountStatementDetailsRequest = z.strictObject({ id: z.string().min(1) })
export const accountStatementDetailsResponse = ok(
  z.object({
    row: accountStatementRow,
    legs: z.array(z.object({ account: z.string(), amount: rupees, memo: z.string() })),
  }),
)

/** Betting profit & loss: one row per settled market, optionally for one sport. */
export const profitLossRequest = z
  .strictObject({ ...pageFields, sport_id: z.string().optional() })
  .superRefine(dateWindowRule)
export const profitLossRow = z.object({
  market_id: z.string(),
  match_id: z.string(),
  match_name: z.string(),
  market_name: z.string(),
  sport_id: z.string(),
  series_name: z.string(),
  settledAt: z.iso.datetime(),
  /** Total stake of the user's bets in the market. */
  stack: rupees,
  /** Before commission; negative is a loss. */
  profit: rupees,
  commission: rupees,
  net: rupees,
})
export type ProfitLossRow = z.infer<typeof profitLossRow>
export const profitLossResponse = paged(profitLossRow)

/** profitLossDetails: the settled bets of one market (settledBet in ./bets) plus the row. */
export const profitLossDetailsRequest = z.strictObject({ market_id: z.string().min(1) })
export const profitLossDetailsResponse = ok(
  z.object({ row: profitLossRow, bets: z.array(settledBet) }),
)

/** Transfer statement: money moved between the user and the operator (credits, debits, payouts). */
export const transferStatementRequest = z
  .strictObject({ ...pageFields })
  .superRefine(dateWindowRule)
export const transferRow = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  /** in = to the user, out = from the user */
  direction: z.enum(['in', 'out']),
  amount: rupees,
  counterparty: z.string(),
  reason: z.string(),
  balance: rupees,
})
export type TransferRow = z.infer<typeof transferRow>
export const transferStatementResponse = paged(transferRow)
