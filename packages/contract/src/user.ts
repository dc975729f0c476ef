import { z } from 'zod'

/** Stake buttons: whole rupees (betting §3 "list of integers"). */
export const stakeButtons = z.array(z.number().int().positive())
export type StakeButtons = z.infer<typeof stakeButtons>

/** Desktop, mobile and mobile exchange-game stake buttons (shell §3 presetStakeSettings). */
export const presetStakeSettings = z.object({
  settings: stakeButtons,
  mobileStakesSettings: stakeButtons,
  mobileStakesExchangeGameSettings: stakeButtons,
})
export type PresetStakeSettings = z.infer<typeof presetStakeSettings>

/** `selected` is the index into `settings` of the preset one-click bets use (not shown: we chose an index). */
export const oneClickSettings = z.object({
  active: z.boolean(),
  selected: z.number().int().min(0),
  settings: stakeButtons,
})
export type OneClickSettings = z.infer<typeof oneClickSettings>

/** Not shown in the spec: which push notifications the user accepts. */
export const notificationSettings = z.object({
  push: z.boolean(),
})
export type NotificationSettings = z.infer<typeof notificationSettings>

/**
 * Not shown in the spec: how the player's exchange bets are sent. `fillOrKill` is the slip's
 * "Match now or cancel" (saveBet's fill_or_kill), off by default.
 */
export const betSettings = z.object({ fillOrKill: z.boolean() })
export type BetSettings = z.infer<typeof betSettings>

export const userSettings = z.object({
  presetStakeSettings,
  oneClickSettings,
  notifications: notificationSettings,
  // A session stored before the setting existed still restores.
  betSettings: betSettings.default({ fillOrKill: false }),
})
export type UserSettings = z.infer<typeof userSettings>

/**
 * Shell §3 user. `mobile`/`country_code` are null for user-id sign-ups; `verifytoken` is the
 * pending email-verification token (not shown: null when none); `otpless_identity_type` names the
 * one-time-link identity (phone or email) of a password-less sign-up.
 */
export const user = z.object({
  _id: z.string(),
  name: z.string(),
  user_name: z.string(),
  is_demo: z.boolean(),
  is_signup_by_otpless: z.boolean(),
  otpless_identity_type: z.enum(['phone', 'email']).nullable(),
  country_code: z.string().nullable(),
  mobile: z.string().nullable(),
  settings: userSettings,
  verifytoken: z.string().nullable(),
  operatorId: z.string(),
  isB2C: z.boolean(),
})
export type User = z.infer<typeof user>
