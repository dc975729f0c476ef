/**
 * Browser-storage keys of shell §3. Local storage outlives the tab (session, language,
 * favourites); session storage holds only where the player navigated from.
 */
export const STORAGE_KEYS = {
  idToken: 'id_token',
  userData: 'userData',
  /** Seconds since epoch. */
  tokenExpiry: 'expires_at',
  userId: 'userId',
  operatorId: 'operatorId',
  isLogin: 'isLogin',
  isLogedOut: 'isLogedOut',
  /** 'DD/MM/YYYY HH:mm' of the last login. */
  lastVisitTime: 'lastVisitTime',
  language: 'language',
  referCode: 'referCode',
  favorites: {
    inPlay: 'inPlay',
    popular: 'popular',
    future: 'future',
    sportMarkets: 'sportMarkets',
    favoritesAll: 'favoritesAll',
  },
} as const

export const SESSION_STORAGE_KEYS = {
  navigationId: 'navigationID',
  navigationName: 'navigationName',
} as const

/** Storage may be missing (private modes, tests in node): every access degrades to "nothing stored". */
const area = (kind: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window[kind]
  } catch {
    return undefined
  }
}

export const local = {
  get: (key: string): string | null => area('localStorage')?.getItem(key) ?? null,
  set: (key: string, value: string): void => area('localStorage')?.setItem(key, value),
  remove: (key: string): void => area('localStorage')?.removeItem(key),
}

export const session = {
  get: (key: string): string | null => area('sessionStorage')?.getItem(key) ?? null,
  set: (key: string, value: string): void => area('sessionStorage')?.setItem(key, value),
}
