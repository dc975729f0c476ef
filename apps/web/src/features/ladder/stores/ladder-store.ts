import { create } from 'zustand'

const CONFIRMED_KEY = 'ladder.oneClickConfirmed'

const storedConfirmed = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(CONFIRMED_KEY) === '1'
  } catch {
    return false
  }
}

interface LadderState {
  /** A click on a price places at once with `stake` (off: it fills the bet slip). Off at start. */
  oneClick: boolean
  /** The player accepted one-click betting on the ladder once; remembered per browser. */
  confirmed: boolean
  /** Rupees of each one-click bet. */
  stake: number | null
  setOneClick(on: boolean): void
  confirm(): void
  setStake(stake: number): void
}

export const useLadderStore = create<LadderState>()((set) => ({
  oneClick: false,
  confirmed: storedConfirmed(),
  stake: null,
  setOneClick: (on) => set({ oneClick: on }),
  confirm: () => {
    try {
      globalThis.localStorage?.setItem(CONFIRMED_KEY, '1')
    } catch {
      // Without storage the question is asked again next time; nothing is lost.
    }
    set({ confirmed: true, oneClick: true })
  },
  setStake: (stake) => set({ stake }),
}))
