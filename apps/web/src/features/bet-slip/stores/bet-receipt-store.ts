import { create } from 'zustand'
import type { Receipt } from '../receipt'

interface ReceiptState {
  /** The last placement's receipt, until the player closes it or places again. */
  receipt: Receipt | null
  /** Whether the open bet lists have shown the bet yet (kept while the receipt is off screen). */
  listed: boolean
  show: (receipt: Receipt) => void
  markListed: () => void
  dismiss: () => void
}

export const useBetReceipt = create<ReceiptState>((set) => ({
  receipt: null,
  listed: false,
  show: (receipt) => set({ receipt, listed: false }),
  markListed: () => set({ listed: true }),
  dismiss: () => set({ receipt: null, listed: false }),
}))
