import type { z } from 'zod'
import { issueMessage } from './issue-message'
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
    betSettings: { fillOrKill: false },
  },
  verifytoken: null,
  operatorId: 'op1',
  isB2C: true,
}

/** A two-runner match-odds market as match/matchDetails sends it. */
export const aMarketDetail = {
  id: '1.234',
  market_id: '1.234',
  market_type: 'MATCH_ODDS',
  name: 'Match Odds',
  market_name: 'Match Odds',
  status: 'OPEN',
  runners: [4711, 4712].map((id, i) => ({
    selectionId: String(id),
    runnerName: i === 0 ? 'India' : 'Australia',
    selection_name: i === 0 ? 'India' : 'Australia',
    name: i === 0 ? 'India' : 'Australia',
    sort_priority: i + 1,
    status: 'ACTIVE',
    win_loss: null,
    metadata: null,
    ex: {
      availableToBack: [{ price: 1.95, size: 1200, oprice: 1.95 }],
      availableToLay: [{ price: 1.97, size: 800, oprice: 1.97 }],
      tradedVolume: 150000,
    },
  })),
  betDelay: 5,
  eventTypeId: '4',
  match_id: 'm1',
  match_date: '2026-11-23T14:00:00Z',
  market_start_time: '2026-11-23T14:00:00Z',
  mtype: 'MATCH_ODDS',
  btype: 'ODDS',
  fancy_id: null,
  is_active: 1,
  enable_fancy: 1,
  is_lock: 0,
  bet_count: 0,
  match_tv_url: null,
  has_tv_url: false,
  isBettable: true,
  isHrBet: false,
  inplay: false,
  totalOddsBack: 102.1,
  totalOddsLay: 101.5,
  GameStatus: '',
  session_live_odds_validation: null,
  venue: null,
  country_code: null,
} as const

/** The `msg` a server would answer for a parse result, or null when it parsed. */
export const msg = (r: { error?: z.ZodError | undefined }): string | null =>
  r.error ? issueMessage(r.error) : null
