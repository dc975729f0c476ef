import { useSessionStore } from '../../auth/stores/session-store'

/** The betting screens only need to know whether someone is logged in and who. */
export const useIsLoggedIn = (): boolean => useSessionStore((s) => s.isLogin)
export const useCurrentUser = () => useSessionStore((s) => s.user)
