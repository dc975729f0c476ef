import { z } from 'zod'
import { ok } from './envelope'
import { rupees } from './money'

/**
 * POST user/getBalanceCRef (empty body) → `{ status, data: { balance, liability } }`, or a
 * failure with `logout: true` when the session is gone. Not shown, decided here: `balance` is
 * what the user can stake now (ledger balance − exposure, never below 0); `liability` is the
 * exposure as a positive amount (shown as Net Exposure). Free Cash is always 0.00 on screen.
 */
export const balanceRequest = z.strictObject({})
export const balance = z.object({ balance: rupees, liability: rupees })
export type Balance = z.infer<typeof balance>
export const balanceResponse = ok(balance)
export type BalanceResponse = z.infer<typeof balanceResponse>

/**
 * GET account/{id}/balance-settings (response not shown): per event type id the multiplier the
 * odds tables apply to displayed volumes ('4' → { volumeMultiplier: 1 }).
 */
export const balanceSettingsResponse = ok(
  z.record(z.string(), z.object({ volumeMultiplier: z.number().positive() })),
)
export type BalanceSettingsResponse = z.infer<typeof balanceSettingsResponse>

/** Bonus and main wallets; the walletType / walletCode values are ours (not shown). */
export const walletType = z.enum(['main', 'sports_bonus', 'casino_bonus'])
export type WalletType = z.infer<typeof walletType>

const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true')

/** PUT account/{id}/settings/switch-wallet?useBonusWallet=true&walletCode=casino_bonus → messageResponse (./auth). */
export const switchWalletQuery = z.strictObject({
  useBonusWallet: booleanQuery,
  walletCode: walletType,
})
export type SwitchWalletQuery = z.input<typeof switchWalletQuery>

/** GET account/wagering-details?walletType=… → `{ success, result }` (result fields ours). */
export const wageringDetailsQuery = z.strictObject({ walletType })
export const wageringDetails = z.object({
  walletType,
  bonusBalance: rupees,
  /** Turnover still needed before the bonus becomes withdrawable cash. */
  wageringRequired: rupees,
  wageringCompleted: rupees,
  /** ISO 8601 UTC; null when the bonus does not expire. */
  expiresAt: z.iso.datetime().nullable(),
})
export type WageringDetails = z.infer<typeof wageringDetails>
export const wageringDetailsResponse = z.object({
  success: z.boolean(),
  msg: z.string().optional(),
  result: wageringDetails.nullable(),
})
export type WageringDetailsResponse = z.infer<typeof wageringDetailsResponse>
