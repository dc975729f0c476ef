import type { Side } from './rules'

/** What GET /api/andar-bahar/state answers (inside `data`). */
export type PastDeal = { roundId: number; joker: number; winner: Side; cards: number }

export type TableState = {
  roundId: number
  phase: 'betting' | 'dealing' | 'result'
  bettingEndsAt: number
  serverNow: number
  joker?: number
  /** only the cards dealt so far: the rest of the deal stays on the server */
  cards: { side: Side; card: number }[]
  winner?: Side
  history: PastDeal[]
  myBets: { side: Side; stake: number }[]
}
