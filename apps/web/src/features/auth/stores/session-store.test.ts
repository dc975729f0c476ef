// @vitest-environment jsdom
import type { LoginResponse } from '@backlay/contract/auth'
import { DEFAULT_STAKE_PRESETS } from '@backlay/contract/limits'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const user = {
  _id: 'u1',
  name: 'Ravi',
  user_name: 'ravi',
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
    oneClickSettings: { active: true, selected: 0, settings: [100, 200] },
    notifications: { push: false },
    betSettings: { fillOrKill: false },
  },
  verifytoken: null,
  operatorId: 'op1',
  isB2C: false,
}

const response = (overrides: Partial<LoginResponse> = {}): LoginResponse => ({
  status: true,
  msg: 'Login successful.',
  data: { ...user, is_telegram_enable: 0, access_token: 'tok' },
  token: { accessToken: 'tok', expiresIn: 3600 },
  operatorId: 'op1',
  ...overrides,
})

// The store restores from storage when its module loads, so each test loads it afresh.
const freshStore = async () => {
  vi.resetModules()
  const store = await import('./session-store')
  await store.sessionReady
  return store
}

beforeEach(() => localStorage.clear())

describe('session store (shell §3, §4)', () => {
  it('stores token, user, expiry, ids, flags and last visit on login, with one-click off', async () => {
    const { useSessionStore } = await freshStore()
    useSessionStore.getState().startSession(response())
    const state = useSessionStore.getState()
    expect(state.isLogin).toBe(true)
    expect(state.user?.settings.oneClickSettings.active).toBe(false)
    expect(localStorage.getItem('id_token')).toBe('tok')
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').user_name).toBe('ravi')
    expect(Number(localStorage.getItem('expires_at'))).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(localStorage.getItem('userId')).toBe('u1')
    expect(localStorage.getItem('operatorId')).toBe('op1')
    expect(localStorage.getItem('isLogin')).toBe('true')
    expect(localStorage.getItem('isLogedOut')).toBe('false')
    expect(localStorage.getItem('lastVisitTime')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  })

  it("refuses a response without a token with 'Response has no token'", async () => {
    const { useSessionStore } = await freshStore()
    const noToken = response({ token: undefined })
    noToken.data = { ...noToken.data, access_token: undefined }
    expect(() => useSessionStore.getState().startSession(noToken)).toThrow('Response has no token')
    expect(useSessionStore.getState().isLogin).toBe(false)
  })

  it('stores a renewed token with its new expiry and keeps the rest of the session', async () => {
    const { useSessionStore } = await freshStore()
    useSessionStore.getState().startSession(response())
    const lastVisit = localStorage.getItem('lastVisitTime')
    useSessionStore.getState().renewToken('tok-2', 2_000_000_000)
    expect(useSessionStore.getState()).toMatchObject({
      isLogin: true,
      token: 'tok-2',
      expiresAt: 2_000_000_000,
    })
    expect(localStorage.getItem('id_token')).toBe('tok-2')
    expect(localStorage.getItem('expires_at')).toBe('2000000000')
    expect(localStorage.getItem('lastVisitTime')).toBe(lastVisit)
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').user_name).toBe('ravi')
  })

  it('ignores a renewed token once logged out', async () => {
    const { useSessionStore } = await freshStore()
    useSessionStore.getState().renewToken('tok-2', 2_000_000_000)
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, token: null })
    expect(localStorage.getItem('id_token')).toBeNull()
  })

  it('restores a stored session at start', async () => {
    const first = await freshStore()
    first.useSessionStore.getState().startSession(response())
    const second = await freshStore()
    expect(second.useSessionStore.getState()).toMatchObject({ isLogin: true, token: 'tok' })
  })

  it('drops an expired or unreadable session at start and marks it logged out', async () => {
    localStorage.setItem('id_token', 'tok')
    localStorage.setItem('userData', '{"broken":')
    localStorage.setItem('expires_at', String(Math.floor(Date.now() / 1000) + 3600))
    localStorage.setItem('isLogin', 'true')
    const { useSessionStore } = await freshStore()
    expect(useSessionStore.getState().isLogin).toBe(false)
    expect(localStorage.getItem('id_token')).toBeNull()
    expect(localStorage.getItem('isLogin')).toBe('false')
  })

  it('clears token, user and expiry on logout and counts the ending', async () => {
    const { useSessionStore } = await freshStore()
    useSessionStore.getState().startSession(response())
    useSessionStore.getState().endSession()
    expect(useSessionStore.getState()).toMatchObject({ isLogin: false, user: null, endedCount: 1 })
    expect(localStorage.getItem('id_token')).toBeNull()
    expect(localStorage.getItem('userData')).toBeNull()
    expect(localStorage.getItem('expires_at')).toBeNull()
    expect(localStorage.getItem('isLogedOut')).toBe('true')
  })

  it('treats a token within 5 s of its expiry as expired', async () => {
    const { isExpired } = await freshStore()
    expect(isExpired(1_000, 994)).toBe(false)
    expect(isExpired(1_000, 995)).toBe(true)
  })
})

describe('login UI store', () => {
  it('opens and closes on tab 1 and keeps the target a guest was heading to', async () => {
    const { useLoginUiStore } = await import('./login-ui-store')
    const ui = useLoginUiStore.getState()
    ui.openLogin({ target: '/aviator' })
    ui.setTab(3)
    ui.close()
    expect(useLoginUiStore.getState()).toMatchObject({ open: false, tab: 1 })
    ui.openLogin()
    expect(useLoginUiStore.getState().tab).toBe(1)
    expect(useLoginUiStore.getState().takePendingTarget()).toBe('/aviator')
    expect(useLoginUiStore.getState().takePendingTarget()).toBeNull()
  })
})
