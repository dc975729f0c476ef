/** Numeric rules of both specs shared by forms, server validation and display. */

/** Shell §5/§9: phone length by country calling code (no plus); other codes use the default. */
export const PHONE_LENGTH_BY_COUNTRY_CODE: Readonly<Record<string, number>> = {
  '91': 10,
  '971': 10,
  '880': 10,
  '1': 10,
  '92': 10,
  '44': 10,
}
export const DEFAULT_PHONE_LENGTH = 10

/** phoneLengthFor('+91') → 10; phoneLengthFor('977') → 10 (default) */
export const phoneLengthFor = (countryCode: string): number =>
  PHONE_LENGTH_BY_COUNTRY_CODE[countryCode.replace(/^\+/, '')] ?? DEFAULT_PHONE_LENGTH

export const LOGIN_PASSWORD_MIN = 5
/** The login input is cut to this many characters; registration caps at the same so both agree. */
export const PASSWORD_MAX = 16
export const REGISTER_PASSWORD_MIN = 6
export const OTP_LENGTH = 6
export const FORGOT_USER_ID_MIN = 3
export const SEARCH_MIN_LENGTH = 3

/** Betting §9: stakes in whole rupees. */
export const DEFAULT_STAKE_PRESETS: readonly number[] = [
  100, 200, 500, 1000, 2000, 5000, 10000, 15000, 20000, 25000,
]
/** Betting §9 alternate presets (labels 1K … 2M) as rupee values. */
export const ALTERNATE_STAKE_PRESETS: readonly { label: string; value: number }[] = [
  { label: '1K', value: 1_000 },
  { label: '5K', value: 5_000 },
  { label: '10K', value: 10_000 },
  { label: '25K', value: 25_000 },
  { label: '50K', value: 50_000 },
  { label: '100K', value: 100_000 },
  { label: '200K', value: 200_000 },
  { label: '500K', value: 500_000 },
  { label: '1M', value: 1_000_000 },
  { label: '2M', value: 2_000_000 },
]
/** 1,00,00,000: maximum of a stake button and of a typed stake. */
export const STAKE_MAX = 10_000_000
/** A typed stake above 5,00,000 is capped while the user is not authenticated. */
export const GUEST_STAKE_CAP = 500_000
/** Default max per market shown when no limit is known (5,00,000). */
export const DEFAULT_MARKET_MAX_DISPLAY = 500_000
/** Volumes at or above this display as '500.000+'. */
export const VOLUME_DISPLAY_CAP = 500_000

export const MIN_ODDS = 1.01
export const MAX_ODDS = 1000

export const OPEN_BETS_PAGE_SIZES = [100, 150] as const
export const SETTLED_BETS_PAGE_SIZE = 150

/** Racing: runners shown per accordion row, runners combinable in one bet. */
export const RACE_ROW_RUNNERS = 3
export const MAX_COMBINED_SELECTIONS = 4

export const INDIA_OFFSET_MINUTES = 330

/** Betting §9: default bet delay (seconds) for every kind. */
export const DEFAULT_BET_DELAY_SECONDS = 5

/**
 * Betting §3/§9 user limits in rupees. Prefix `s` = soccer, `t` = tennis, spelled by literally
 * prefixing the cricket names (the spec's "same with prefix s and t").
 */
export const DEFAULT_USER_LIMITS = {
  fancyMinLimit: 1,
  fancyMaxLimit: 100_000,
  oddsMinLimit: 1,
  oddsMaxLimit: 100_000,
  bookmakerMinLimit: 100,
  bookmakerMaxLimit: 2_000_000,
  sfancyMinLimit: 100,
  sfancyMaxLimit: 50_000,
  soddsMinLimit: 100,
  soddsMaxLimit: 50_000,
  sbookmakerMinLimit: 100,
  sbookmakerMaxLimit: 50_000,
  tfancyMinLimit: 100,
  tfancyMaxLimit: 50_000,
  toddsMinLimit: 100,
  toddsMaxLimit: 50_000,
  tbookmakerMinLimit: 100,
  tbookmakerMaxLimit: 50_000,
} as const
