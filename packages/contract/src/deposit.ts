import { z } from 'zod'
import { ok } from './envelope'
import { formatIndian } from './indian-number'
import { rupees } from './money'
import { dateWindowRule, paged, pageFields } from './paging'
import { MSG } from './validation-messages'
import { idText } from './wire'

/**
 * Deposit, withdrawal and transactions (shell §2 pages; contents not shown, designed here).
 * A deposit is a claim: the player pays the brand's UPI id or bank account outside Backlay and
 * sends the payment reference; it stays PENDING until an operator approves (credit through the
 * ledger) or rejects it. A withdrawal reserves the amount at once and stays PENDING until paid
 * out (APPROVED) or rejected / cancelled (the reservation is released).
 * Paths: GET deposit/methods, POST deposit/request, POST withdrawal/request,
 * POST withdrawal/cancel, POST transactions/list, GET transactions/{type}/{refrenceNo}.
 */
export const DEPOSIT_MIN = 100
export const DEPOSIT_MAX = 1_000_000
export const WITHDRAWAL_MIN = 100
export const WITHDRAWAL_MAX = 1_000_000

/**
 * amountBetween(100, 1000000) — 'Amount must be at least 100' / 'Amount cannot exceed 10,00,000'.
 * The messages are written when an amount is refused, not when this module loads: a browser page's
 * first number format loads its locale data, tens of milliseconds of the main thread while the
 * betting pages that share this module with the wallet pages are drawing.
 */
const amountBetween = (min: number, max: number) =>
  rupees
    .min(min, { error: () => `Amount must be at least ${formatIndian(min, 0)}` })
    .max(max, { error: () => `Amount cannot exceed ${formatIndian(max, 0)}` })

export const paymentMethod = z.enum(['UPI', 'BANK'])
export type PaymentMethod = z.infer<typeof paymentMethod>

/** Where to pay: the brand's UPI id (with optional QR image) or bank account. */
export const depositMethod = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('UPI'),
    upi_id: z.string(),
    payee_name: z.string(),
    qr_image: z.string().nullable(),
  }),
  z.object({
    method: z.literal('BANK'),
    bank_name: z.string(),
    account_holder: z.string(),
    account_number: z.string(),
    ifsc: z.string(),
  }),
])
export type DepositMethod = z.infer<typeof depositMethod>
export const depositMethodsResponse = ok(z.array(depositMethod))

/** UPI references (UTR) are 12 digits; bank transfer references 12–22 letters or digits. */
export const depositRequest = z
  .strictObject({
    amount: amountBetween(DEPOSIT_MIN, DEPOSIT_MAX),
    method: paymentMethod,
    utr: z.string().trim().toUpperCase(),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'UPI' && !/^\d{12}$/.test(v.utr))
      ctx.addIssue({ code: 'custom', message: MSG.upiReference, path: ['utr'] })
    if (v.method === 'BANK' && !/^[A-Z0-9]{12,22}$/.test(v.utr))
      ctx.addIssue({ code: 'custom', message: MSG.bankReference, path: ['utr'] })
  })
export type DepositRequest = z.input<typeof depositRequest>

const withdrawalAmount = amountBetween(WITHDRAWAL_MIN, WITHDRAWAL_MAX)
export const withdrawalRequest = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.literal('UPI'),
    amount: withdrawalAmount,
    upi_id: z
      .string()
      .trim()
      .regex(/^[\w.-]{2,256}@[A-Za-z]{2,64}$/, MSG.upiId),
  }),
  z.strictObject({
    method: z.literal('BANK'),
    amount: withdrawalAmount,
    account_holder: z.string().trim().min(1, MSG.fieldRequired).max(100),
    account_number: z
      .string()
      .trim()
      .regex(/^\d{9,18}$/, MSG.accountNumber),
    ifsc: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, MSG.ifsc),
  }),
])
export type WithdrawalRequest = z.input<typeof withdrawalRequest>

export const transactionType = z.enum(['DEPOSIT', 'WITHDRAWAL'])
export const transactionStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'])
export type TransactionStatus = z.infer<typeof transactionStatus>

/** `refrenceNo` keeps the spelling of the /transactions-details/{type}/{refrenceNo} route. */
export const transaction = z.object({
  refrenceNo: z.string(),
  type: transactionType,
  method: paymentMethod,
  amount: rupees,
  status: transactionStatus,
  /** Deposit: the payment reference the player sent. */
  utr: z.string().nullable(),
  /** Withdrawal: where the money goes, account numbers masked to the last 4 digits. */
  payout_to: z.string().nullable(),
  /** Operator's note on approval or rejection. */
  remark: z.string().nullable(),
  /** ISO 8601 UTC */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
})
export type Transaction = z.infer<typeof transaction>
export const transactionResponse = ok(transaction)

export const cancelWithdrawalRequest = z.strictObject({ refrenceNo: idText })

export const transactionsRequest = z
  .strictObject({
    ...pageFields,
    type: transactionType.optional(),
    status: transactionStatus.optional(),
  })
  .superRefine(dateWindowRule)
export type TransactionsRequest = z.input<typeof transactionsRequest>
export const transactionsResponse = paged(transaction)

/** Details: the transaction and every status change with who made it. */
export const transactionDetailsResponse = ok(
  transaction.extend({
    history: z.array(
      z.object({
        status: transactionStatus,
        at: z.iso.datetime(),
        by: z.enum(['player', 'operator', 'system']),
        remark: z.string().nullable(),
      }),
    ),
  }),
)
