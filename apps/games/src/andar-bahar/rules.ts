import { rankOf } from './cards'

/**
 * Andar Bahar: the first card of a shuffled deck is the joker; cards are then dealt one at a time,
 * Andar first, alternately to Andar and Bahar, until a card of the joker's rank appears. Its side wins.
 * Andar pays 0.9 to 1 (it is dealt first, so it wins slightly more often), Bahar pays 1 to 1.
 */
export type Side = 'andar' | 'bahar'
export const SIDES: readonly Side[] = ['andar', 'bahar']

export type Deal = { joker: number; andar: number[]; bahar: number[]; winner: Side }

/** deal([0, 5, 13, …]) → joker A♠, Andar 6♠, Bahar A♥ → Bahar wins. */
export const deal = (deck: Uint8Array): Deal => {
  const joker = deck[0] as number
  const andar: number[] = []
  const bahar: number[] = []
  for (let i = 1; i < 52; i++) {
    const card = deck[i] as number
    const side: Side = i % 2 === 1 ? 'andar' : 'bahar'
    ;(side === 'andar' ? andar : bahar).push(card)
    if (rankOf(card) === rankOf(joker)) return { joker, andar, bahar, winner: side }
  }
  throw new Error('a 52-card deck always holds three more cards of the joker rank')
}

/** Total returned (stake included) for a winning stake in paise: payout('andar', 1000) → 1900. */
export const payout = (side: Side, stake: number): number =>
  side === 'andar' ? stake + Math.floor((stake * 9) / 10) : stake * 2

/** Cards in dealing order, alternating Andar, Bahar: dealtCards(d).length = andar + bahar. */
export const dealtCards = (d: Deal): { side: Side; card: number }[] =>
  [...d.andar, ...d.bahar].map((_, i) => {
    const side: Side = i % 2 === 0 ? 'andar' : 'bahar'
    const card = (side === 'andar' ? d.andar : d.bahar)[Math.floor(i / 2)] as number
    return { side, card }
  })
