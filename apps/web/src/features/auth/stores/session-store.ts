import type { LoginResponse } from '@backlay/contract/auth'
import { TOKEN_EXPIRY_TOLERANCE_SECONDS } from '@backlay/contract/timing'
import { TOKEN_EXPIRES_IN_HEADER } from '@backlay/contract/token-headers'
import type { User } from '@backlay/contract/user'
import dayjs from 'dayjs'
import { create } from 'zustand'
import { RESPONSE_HAS_NO_TOKEN } from '../../../lib/api-client'
import { local, STORAGE_KEYS } from '../../../lib/storage'

const K = STORAGE_KEYS

export interface SessionState {
  user: User | null
  token: string | null
  /** Seconds since epoch. */
  expiresAt: number | null
  isLogin: boolean
  /** Bumped on every forced or chosen logout, so the shell can send the player home. */
  endedCount: number
}

const nowSeconds = () => Math.floor(Date.now() / 1000)

/** isExpired(1000, 996) → true: within the 5 s tolerance of shell §4 counts as expired. */
export const isExpired = (expiresAt: number, now = nowSeconds()): boolean =>
  expiresAt - TOKEN_EXPIRY_TOLERANCE_SECONDS <= now

const clearStored = () => {
  local.remove(K.idToken)
  local.remove(K.userData)
  local.remove(K.tokenExpiry)
}

/**
 * Shell §4 restore: token, expiry and user data must all be stored and readable. A stored but
 * unreadable user (or an expired token) is a failed restore: it is cleared like a logout. The
 * user's schema (and zod with it) loads only when a session is stored, so a guest's first screen
 * does not wait for it.
 */
export async function restoreSession(): Promise<
  Omit<SessionState, 'endedCount'> & { failed: boolean }
> {
  const guest = { user: null, token: null, expiresAt: null, isLogin: false }
  const token = local.get(K.idToken)
  const expiry = Number(local.get(K.tokenExpiry))
  const raw = local.get(K.userData)
  if (!token || !raw || !Number.isFinite(expiry) || expiry <= 0) {
    return { ...guest, failed: local.get(K.isLogin) === 'true' }
  }
  const { user: userSchema } = await import('@backlay/contract/user')
  let parsed: User | undefined
  try {
    parsed = userSchema.parse(JSON.parse(raw))
  } catch {
    parsed = undefined
  }
  if (!parsed || isExpired(expiry)) {
    return { ...guest, failed: true }
  }
  return { user: parsed, token, expiresAt: expiry, isLogin: true, failed: false }
}

interface SessionActions {
  /** Stores what a successful login answers (§4); throws 'Response has no token' without one. */
  startSession: (response: LoginResponse) => void
  /** Starts a session from a token in a response header (forgot-password, social login). */
  startFromHeader: (user: User, headers: Headers) => void
  /** Stores a renewed token and its expiry (seconds since epoch); ignored when logged out. */
  renewToken: (token: string, expiresAt: number) => void
  updateUser: (patch: Partial<User>) => void
  /** Forced logout or sign out: clears token, user data and expiry; isLogedOut becomes true. */
  endSession: () => void
}

export const useSessionStore = create<SessionState & SessionActions>((set, get) => ({
  user: null,
  token: null,
  expiresAt: null,
  isLogin: false,
  endedCount: 0,

  startSession: (response) => {
    const token = response.token?.accessToken ?? response.data.access_token
    if (!token) throw new Error(RESPONSE_HAS_NO_TOKEN)
    const expiresIn = response.token?.expiresIn ?? 86_400
    const { is_telegram_enable: _telegram, access_token: _token, ...profile } = response.data
    const user: User = {
      ...profile,
      // Shell §4: one-click betting is off after every login.
      settings: {
        ...profile.settings,
        oneClickSettings: { ...profile.settings.oneClickSettings, active: false },
      },
    }
    const expiresAt = nowSeconds() + expiresIn
    local.set(K.idToken, token)
    local.set(K.userData, JSON.stringify(user))
    local.set(K.tokenExpiry, String(expiresAt))
    local.set(K.userId, user._id)
    local.set(K.operatorId, response.operatorId)
    local.set(K.isLogin, 'true')
    local.set(K.isLogedOut, 'false')
    local.set(K.lastVisitTime, dayjs().format('DD/MM/YYYY HH:mm'))
    set({ user, token, expiresAt, isLogin: true })
  },

  startFromHeader: (user, headers) => {
    const bearer = headers.get('authorization')?.replace(/^Bearer\s+/i, '')
    if (!bearer) throw new Error(RESPONSE_HAS_NO_TOKEN)
    const expiresIn = Number(headers.get(TOKEN_EXPIRES_IN_HEADER)) || 86_400
    get().startSession({
      status: true,
      msg: '',
      data: { ...user, is_telegram_enable: 0 },
      token: { accessToken: bearer, expiresIn },
      operatorId: user.operatorId,
    })
  },

  renewToken: (token, expiresAt) => {
    if (!get().isLogin) return
    local.set(K.idToken, token)
    local.set(K.tokenExpiry, String(expiresAt))
    set({ token, expiresAt })
  },

  updateUser: (patch) => {
    const current = get().user
    if (!current) return
    const user = { ...current, ...patch }
    local.set(K.userData, JSON.stringify(user))
    set({ user })
  },

  endSession: () => {
    clearStored()
    local.set(K.isLogin, 'false')
    local.set(K.isLogedOut, 'true')
    set((s) => ({
      user: null,
      token: null,
      expiresAt: null,
      isLogin: false,
      endedCount: s.endedCount + 1,
    }))
  },
}))

/** Settles once a stored session is restored or dropped: the app renders after it. */
export const sessionReady = restoreSession().then(({ failed, ...restored }) => {
  if (failed) {
    clearStored()
    local.set(K.isLogin, 'false')
  } else if (restored.isLogin) {
    useSessionStore.setState(restored)
  }
})

/** The session once it is restored: who asks for the first screen's data, and with which calls. */
export const restoredSession = (): Promise<SessionState> =>
  sessionReady.then(() => useSessionStore.getState())

/** Shell §4: a token whose expiry (less 5 s) has passed is cleared when the window unloads. */
export function clearExpiredOnUnload(): () => void {
  const onUnload = () => {
    const { expiresAt } = useSessionStore.getState()
    if (expiresAt !== null && isExpired(expiresAt)) clearStored()
  }
  window.addEventListener('beforeunload', onUnload)
  return () => window.removeEventListener('beforeunload', onUnload)
}

export const isDemoUser = (): boolean => useSessionStore.getState().user?.is_demo === true
