import type { Rng } from '../rng'

/** Cards are 0..51: rank = card % 13 (0 = A … 12 = K), suit = ⌊card / 13⌋ (♠ ♥ ♣ ♦). */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const
export const SUITS = ['♠', '♥', '♣', '♦'] as const

export const rankOf = (card: number): number => card % 13
/** cardLabel(13) → 'A♥' */
export const cardLabel = (card: number): string =>
  `${RANKS[card % 13]}${SUITS[Math.floor(card / 13)]}`

/**
 * Fisher–Yates shuffle of a fresh 52-card deck into `deck`, every permutation equally likely given
 * an unbiased `rng`. Fills the caller's buffer so that simulations allocate nothing per deal.
 */
export const shuffleInto = (deck: Uint8Array, rng: Rng): Uint8Array => {
  for (let i = 0; i < 52; i++) deck[i] = i
  for (let i = 51; i > 0; i--) {
    const j = rng(i + 1)
    const t = deck[i] as number
    deck[i] = deck[j] as number
    deck[j] = t
  }
  return deck
}
