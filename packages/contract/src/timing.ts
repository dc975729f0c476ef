/** Intervals and delays of both specs, in milliseconds unless the name says otherwise. */

export const POLL_MS = {
  openBets: 30_000,
  guestMatchDetails: 15_000,
  /** Not shown in the spec: authenticated details poll faster because the stream normally covers them. */
  authMatchDetails: 5_000,
  sportStart: 30_000,
  racingData: 60_000,
  /** Not shown in the spec: balance refresh while logged in and no stream is connected. */
  balance: 10_000,
} as const

export const DELAY_MS = {
  homeEventsApply: 500,
  sessionExchangeTimerMin: 10,
  competitionMenuAction: 1_000,
  languageChange: 2_000,
  referralModal: 500,
  clockTick: 1_000,
  /** Logout after a failed balance call that carries the logout flag. */
  balanceLogout: 2_000,
  overlaysStart: 6_500,
  overlaysShow: 20_000,
  whatsappHint: 3_000,
  oddsFlash: 300,
  animation: 200,
} as const

export const TOAST_MS = {
  default: 5_000,
  shell: 1_200,
  maxAnimationWait: 6_000,
  /** message-type toasts stay until dismissed */
  message: 0,
} as const

export const TOKEN_EXPIRY_TOLERANCE_SECONDS = 5
export const OTP_RESEND_SECONDS = 59
