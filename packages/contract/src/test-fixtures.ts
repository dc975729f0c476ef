import { DEFAULT_STAKE_PRESETS } from './limits'
import type { User } from './user'

/** A plain logged-in user as the server sends it; tests spread and override it. */
export const aUser: User = {
  _id: 'u1',
  name: 'Ravi',
  user_name: 'ravi_k',
  is_demo: false,
  is_signup_by_otpless: false,
  otpless_identity_type: null,
  country_code: '+91',
  mobile: '9876543210',
  settings: {
    presetStakeSettings: {
      settings: [...DEFAULT_STAKE_PRESETS],
      mobileStakesSettings: [...DEFAULT_STAKE_PRESETS],
      mobileStakesExchangeGameSettings: [...DEFAULT_STAKE_PRESETS],
    },
    oneClickSettings: { active: false, selected: 0, settings: [100, 500, 1000] },
    notifications: { push: false },
  },
  verifytoken: null,
  operatorId: 'op1',
  isB2C: true,
}
