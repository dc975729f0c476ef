import { create } from 'zustand'

/** Shell §2 dialog tabs: 1 login, 2 create an account, 3 forgot password. */
export type AuthTab = 1 | 2 | 3

interface LoginUiState {
  open: boolean
  tab: AuthTab
  /** Where a guest was heading when the login dialog stopped them (shell §4). */
  pendingTarget: string | null
  languagePicker: boolean
  notificationsPanel: boolean
  openLogin: (options?: { tab?: AuthTab; target?: string }) => void
  setTab: (tab: AuthTab) => void
  close: () => void
  takePendingTarget: () => string | null
  setLanguagePicker: (open: boolean) => void
  setNotificationsPanel: (open: boolean) => void
}

/** Login-UI state of shell §3; opening and closing the dialog both return it to tab 1. */
export const useLoginUiStore = create<LoginUiState>((set, get) => ({
  open: false,
  tab: 1,
  pendingTarget: null,
  languagePicker: false,
  notificationsPanel: false,
  openLogin: ({ tab = 1, target } = {}) =>
    set((s) => ({ open: true, tab, pendingTarget: target ?? s.pendingTarget })),
  setTab: (tab) => set({ tab }),
  close: () => set({ open: false, tab: 1 }),
  takePendingTarget: () => {
    const target = get().pendingTarget
    set({ pendingTarget: null })
    return target
  },
  setLanguagePicker: (languagePicker) => set({ languagePicker }),
  setNotificationsPanel: (notificationsPanel) => set({ notificationsPanel }),
}))
