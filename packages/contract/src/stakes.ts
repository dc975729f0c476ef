import { z } from 'zod'
import { ok } from './envelope'
import { STAKE_MAX } from './limits'
import { betSettings, oneClickSettings, presetStakeSettings } from './user'
import { MSG } from './validation-messages'

/**
 * Stake buttons and one-click settings (betting §5, §7). `match_stack` is the desktop button list,
 * the same list as `settings.presetStakeSettings.settings` (one storage, two calls).
 * Guests are refused with 'Please Login In to Change Stakes', demo users with
 * 'Please login from your read ID.' (MSG.loginToChangeStakes / MSG.demoRefused).
 */

const stakeButton = z
  .number({ error: MSG.stakeNotInteger })
  .int(MSG.stakeNotInteger)
  .min(1, MSG.stakePositive)
  .max(STAKE_MAX, MSG.stakeAboveMax)

/** 'Only one value can be 1,00,00,000.' when two buttons hold the maximum. */
const maxOnlyOnce = (list: number[], ctx: z.RefinementCtx) => {
  if (list.filter((v) => v === STAKE_MAX).length > 1)
    ctx.addIssue({ code: 'custom', message: MSG.stakeMaxOnce })
}

const stakeList = (item: z.ZodType<number, unknown>) =>
  z.array(item).min(1).max(10).superRefine(maxOnlyOnce)

/** Server lists: whole rupees, 1 to 10 buttons. */
export const stakeButtonList = stakeList(stakeButton)

/** Edit Stakes form: inputs arrive as text, '1.5' → 'Please enter a valid integer.' */
export const stakeEditForm = z.object({
  match_stack: stakeList(
    z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), stakeButton),
  ),
})
export type StakeEditForm = z.infer<typeof stakeEditForm>

/** POST user/getUserMatchStack (empty body; not shown) → { data: { match_stack } } */
export const getUserMatchStackRequest = z.strictObject({})
export const matchStackResponse = ok(z.object({ match_stack: z.array(z.number().int()) }))
export type MatchStackResponse = z.infer<typeof matchStackResponse>

/** POST user/updateMatchStack { match_stack } → status, msg, data (the saved list) */
export const updateMatchStackRequest = z.strictObject({ match_stack: stakeButtonList })
export type UpdateMatchStackRequest = z.infer<typeof updateMatchStackRequest>

/**
 * POST account/{id}/settings/stakes, …/mobile-stakes, …/mobile-stakes-exchange-game
 * `{ settings }` (each a button list); {id} must be the caller's own `_id`.
 * Response not shown: the whole presetStakeSettings after the change.
 */
export const stakesSettingsRequest = z.strictObject({ settings: stakeButtonList })
export type StakesSettingsRequest = z.infer<typeof stakesSettingsRequest>
export const stakesSettingsResponse = ok(presetStakeSettings)

/**
 * POST account/{id}/settings/one-click `{ settings }` where settings is the whole one-click
 * object; `selected` must index into its list. Response not shown: the saved object.
 */
export const oneClickSettingsRequest = z.strictObject({
  settings: z
    .strictObject({
      active: z.boolean(),
      selected: z.number().int().min(0),
      settings: stakeButtonList,
    })
    .refine((s) => s.selected < s.settings.length, {
      message: MSG.oneClickSelected,
      path: ['selected'],
    }),
})
export type OneClickSettingsRequest = z.infer<typeof oneClickSettingsRequest>
export const oneClickSettingsResponse = ok(oneClickSettings)

/** POST account/{id}/settings/bet `{ settings }` (ours): the whole bet-settings object, saved. */
export const betSettingsRequest = z.strictObject({
  settings: z.strictObject(betSettings.shape),
})
export const betSettingsResponse = ok(betSettings)
