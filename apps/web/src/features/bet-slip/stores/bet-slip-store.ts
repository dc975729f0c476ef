import { create } from 'zustand'
import { cleanStake, type SlipMarketType } from '../slip-rules'

/** What a click on a price cell puts in the slip (betting §3 bet slip state). */
export interface SlipSelection {
  marketId: string
  marketType: SlipMarketType
  marketName: string
  eventTypeId: string
  eventId: string
  eventName: string
  /** selection id; for session lines the fancy id */
  runnerId: string
  runnerName: string
  isBack: boolean
  /** Decimal odds the bet is placed at (bookmaker already converted). */
  price: number
  /** The number shown in the cell (a bookmaker rate such as 95, or the odds). */
  priceActual: number
  /** Session rate in Odds(H-J), 100 = evens; 0 elsewhere. */
  fancyPrice: number
  /** Session run line; null elsewhere. */
  line: number | null
  /** seconds */
  delay: number
  minBet: number
  maxBet: number
  fromOneClick?: boolean
  /** The market was in-play when the selection was made (an exchange bet's keep choice is pre-play only). */
  inPlay?: boolean
  /** A racing combined bet (§4): one leg per picked runner at its own price. */
  legs?: SlipLeg[]
}

export interface SlipLeg {
  selectionId: string
  selectionName: string
  /** decimal odds */
  odds: number
}

export type SlipStage = 'idle' | 'confirm' | 'processing'

interface SlipState {
  selection: SlipSelection | null
  /** The price when the selection was made; a difference shows the odds-changed notice. */
  originalPrice: number | null
  /** False once the player types odds themselves, so live prices stop overwriting them. */
  followLive: boolean
  stake: string
  stakeError: string | null
  stage: SlipStage
  /** Epoch ms when the processing countdown ends. */
  processingUntil: number | null
  /** Show the confirm step before sending (betting §2); persisted per browser. */
  confirmation: boolean
  /** Keep the bet's unmatched part on the book when the market turns in-play (off: it lapses). */
  keepInPlay: boolean
  select(selection: SlipSelection, stake?: number): void
  setStake(typed: string, authenticated: boolean): void
  addStake(amount: number, authenticated: boolean): void
  setPrice(price: number, manual: boolean): void
  /** Live odds for the selected cell moved. */
  livePrice(price: number, priceActual: number, fancyPrice?: number): void
  startProcessing(now: number): void
  /** Response came back (either way): popup closes and the slip clears (§4). */
  finish(): void
  cancel(): void
  setConfirmation(on: boolean): void
  setKeepInPlay(on: boolean): void
}

const CONFIRMATION_KEY = 'betslip.confirmation'

const storedConfirmation = (): boolean => {
  try {
    return globalThis.localStorage?.getItem(CONFIRMATION_KEY) !== '0'
  } catch {
    return true
  }
}

const cleared = {
  selection: null,
  originalPrice: null,
  followLive: true,
  stake: '',
  stakeError: null,
  stage: 'idle' as SlipStage,
  processingUntil: null,
  keepInPlay: false,
}

export const useBetSlip = create<SlipState>()((set, get) => ({
  ...cleared,
  confirmation: storedConfirmation(),
  select: (selection, stake) =>
    set({
      ...cleared,
      selection,
      originalPrice: selection.price,
      stake: stake ? String(stake) : '',
      stage: 'confirm',
    }),
  setStake: (typed, authenticated) => {
    const next = cleanStake(typed, authenticated, get().stake)
    set({ stake: next.text, stakeError: next.error ?? null })
  },
  addStake: (amount, authenticated) => {
    const current = Number(get().stake) || 0
    const next = cleanStake(
      String(Math.round((current + amount) * 100) / 100),
      authenticated,
      get().stake,
    )
    set({ stake: next.text, stakeError: next.error ?? null })
  },
  setPrice: (price, manual) => {
    const { selection } = get()
    if (!selection) return
    set({
      selection: { ...selection, price, priceActual: price },
      followLive: manual ? false : get().followLive,
    })
  },
  livePrice: (price, priceActual, fancyPrice) => {
    const { selection, followLive, stage } = get()
    if (!selection || !followLive || stage === 'processing') return
    if (
      selection.price === price &&
      (fancyPrice === undefined || selection.fancyPrice === fancyPrice)
    )
      return
    set({
      selection: {
        ...selection,
        price,
        priceActual,
        line: selection.line === null ? null : price,
        fancyPrice: fancyPrice ?? selection.fancyPrice,
      },
    })
  },
  startProcessing: (now) => {
    const { selection } = get()
    if (!selection) return
    set({ stage: 'processing', processingUntil: now + selection.delay * 1000 })
  },
  finish: () => set(cleared),
  cancel: () => set(cleared),
  setConfirmation: (on) => {
    try {
      globalThis.localStorage?.setItem(CONFIRMATION_KEY, on ? '1' : '0')
    } catch {
      // Storage may be blocked; the choice then lasts for this page only.
    }
    set({ confirmation: on })
  },
  setKeepInPlay: (on) => set({ keepInPlay: on }),
}))
