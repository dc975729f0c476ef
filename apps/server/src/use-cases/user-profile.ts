import { DEFAULT_STAKE_PRESETS } from '@backlay/contract/limits'
import {
  betSettings,
  type User as ContractUser,
  notificationSettings,
  oneClickSettings,
  presetStakeSettings,
  type UserSettings,
} from '@backlay/contract/user'
import { z } from 'zod'
import type { User } from '../db/schema'

const DEFAULT_SETTINGS: UserSettings = {
  presetStakeSettings: {
    settings: [...DEFAULT_STAKE_PRESETS],
    mobileStakesSettings: [...DEFAULT_STAKE_PRESETS],
    mobileStakesExchangeGameSettings: [...DEFAULT_STAKE_PRESETS],
  },
  oneClickSettings: { active: false, selected: 0, settings: DEFAULT_STAKE_PRESETS.slice(0, 3) },
  notifications: { push: false },
  betSettings: { fillOrKill: false },
}

/**
 * The stored settings with each missing or malformed part replaced by its default, so a user
 * created before a part existed still answers the full §3 shape.
 */
const storedSettings = z
  .object({
    presetStakeSettings: presetStakeSettings.catch(DEFAULT_SETTINGS.presetStakeSettings),
    oneClickSettings: oneClickSettings.catch(DEFAULT_SETTINGS.oneClickSettings),
    notifications: notificationSettings.catch(DEFAULT_SETTINGS.notifications),
    betSettings: betSettings.catch(DEFAULT_SETTINGS.betSettings),
  })
  .catch(DEFAULT_SETTINGS)

export const settingsWithDefaults = (stored: unknown): UserSettings => storedSettings.parse(stored)

/** A stored user in the §3 shape the client keeps. `operatorId` is '' for users without an operator. */
export function toContractUser(user: User): ContractUser {
  return {
    _id: user.id,
    name: user.name,
    user_name: user.user_name,
    is_demo: user.is_demo,
    is_signup_by_otpless: false,
    otpless_identity_type: null,
    country_code: user.country_code,
    mobile: user.mobile,
    settings: settingsWithDefaults(user.settings),
    verifytoken: null,
    operatorId: user.operator_id ?? '',
    isB2C: user.is_b2c,
  }
}
