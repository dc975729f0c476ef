import { describe, expect, it } from 'vitest'
import { cryptoRng } from '../crypto-rng'
import type { Rng } from '../rng'
import { serveReferenceWallet } from '../wallet/reference-wallet-fixture'
import { rankOf, shuffleInto } from './cards'
import { deal, payout } from './rules'
import { createAndarBaharTable } from './table'

/** χ² over `observed` against equal expected counts. */
const chiSquare = (observed: Uint32Array, total: number) => {
  const expected = total / observed.length
  let sum = 0
  for (const o of observed) sum += (o - expected) ** 2 / expected
  return sum
}
const tally = (counts: Uint32Array, card: number) => {
  counts[card] = (counts[card] as number) + 1
}
// χ²(51) exceeded by chance once in a million runs: at 1 in 100 these two tests failed about
// one CI run in fifty with nothing wrong. A byte taken modulo 52 (5 chances against 4) gives
// about 2,900 over 10^6 draws.
const CHI2_51_CRITICAL = 114.076

describe('card randomness', () => {
  it('10^6 CSPRNG card draws are uniform over the 52 cards (χ² test, false alarm 10⁻⁶)', () => {
    const draws = 1_000_000
    const counts = new Uint32Array(52)
    for (let i = 0; i < draws; i++) tally(counts, cryptoRng(52))
    const chi2 = chiSquare(counts, draws)
    console.info(`χ² of 10^6 card draws = ${chi2.toFixed(2)} (51 df, critical ${CHI2_51_CRITICAL})`)
    expect(chi2).toBeLessThan(CHI2_51_CRITICAL)
  })

  it('the joker of 250 000 shuffled decks is uniform over the 52 cards (χ² test, false alarm 10⁻⁶)', () => {
    const decks = 250_000
    const deck = new Uint8Array(52)
    const counts = new Uint32Array(52)
    for (let i = 0; i < decks; i++) tally(counts, shuffleInto(deck, cryptoRng)[0] as number)
    const chi2 = chiSquare(counts, decks)
    console.info(`χ² of 250 000 jokers = ${chi2.toFixed(2)} (51 df, critical ${CHI2_51_CRITICAL})`)
    expect(chi2).toBeLessThan(CHI2_51_CRITICAL)
  })

  it('a shuffle is a permutation of the deck', () => {
    const deck = shuffleInto(new Uint8Array(52), cryptoRng)
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i))
  })
})

describe('Andar Bahar rules', () => {
  const ordered = (cards: number[]) =>
    Uint8Array.from([
      ...cards,
      ...Array.from({ length: 52 }, (_, i) => i).filter((c) => !cards.includes(c)),
    ])

  it('deals Andar first and stops at the first card of the joker rank', () => {
    // joker 7♠ (6); Andar 2♠ (1), Bahar 7♥ (19) → Bahar
    expect(deal(ordered([6, 1, 19]))).toEqual({
      joker: 6,
      andar: [1],
      bahar: [19],
      winner: 'bahar',
    })
    expect(deal(ordered([6, 32]))).toMatchObject({ andar: [32], bahar: [], winner: 'andar' })
    expect(rankOf(32)).toBe(rankOf(6))
  })

  it('Andar wins 429/833 of deals (documented RTP: Andar 97.85 %, Bahar 97.00 %)', () => {
    // P(first of the 3 matching cards among the 51 lands on an odd position) = Σ_k odd C(51−k, 2) / C(51, 3)
    let odd = 0
    for (let k = 1; k <= 49; k += 2) odd += ((51 - k) * (50 - k)) / 2
    expect(odd / 20_825).toBeCloseTo(429 / 833, 12)
    const deals = 200_000
    const deck = new Uint8Array(52)
    let andar = 0
    for (let i = 0; i < deals; i++)
      if (deal(shuffleInto(deck, cryptoRng)).winner === 'andar') andar++
    // binomial sd ≈ 0.00112; 5 sd
    expect(Math.abs(andar / deals - 429 / 833)).toBeLessThan(0.0056)
  })

  it('pays Andar 0.9 to 1 and Bahar 1 to 1, in whole paise', () => {
    expect(payout('andar', 1_000)).toBe(1_900)
    expect(payout('andar', 1_005)).toBe(1_909)
    expect(payout('bahar', 1_000)).toBe(2_000)
  })
})

describe('Andar Bahar table', () => {
  let t = 0
  const { wallet, client } = serveReferenceWallet('ab-secret', () => t)

  it('plays a round: bets in the window, cards revealed over time, winners paid, history kept', async () => {
    // The rng returns 0 for every swap, which leaves the deck rotated: joker is 1 (2♠)…
    const sequence: Rng = () => 0
    const table = createAndarBaharTable({
      wallet: client(),
      rng: sequence,
      now: () => t,
      timing: {
        bettingMs: 10_000,
        cardMs: 500,
        resultMs: 4_000,
        minStake: 1_000,
        maxStake: 100_000,
      },
    })
    const expected = deal(shuffleInto(new Uint8Array(52), sequence))
    wallet.addPlayer('ab1', 'Asha', 10_000)
    const asha = { playerId: 'ab1', displayName: 'Asha' }
    await table.tick()
    expect(await table.placeBet(asha, 'andar', 2_000)).toEqual({ ok: true, balance: 8_000 })
    expect(await table.placeBet(asha, 'bahar', 1_000)).toEqual({ ok: true, balance: 7_000 })
    expect(table.state('ab1').myBets).toHaveLength(2)

    t = 10_000
    await table.tick()
    expect(await table.placeBet(asha, 'andar', 1_000)).toMatchObject({
      code: 'ANDAR_BAHAR.BET_WINDOW_CLOSED',
    })
    t = 10_500
    expect(table.state()).toMatchObject({
      phase: 'dealing',
      joker: expected.joker,
      cards: [{ side: 'andar' }],
    })

    const count = expected.andar.length + expected.bahar.length
    t = 10_000 + count * 500
    await table.tick()
    const state = table.state()
    expect(state).toMatchObject({ phase: 'result', winner: expected.winner })
    expect(state.cards).toHaveLength(count)
    expect(state.history[0]).toMatchObject({ roundId: 1, winner: expected.winner, cards: count })
    const won = expected.winner === 'andar' ? payout('andar', 2_000) : payout('bahar', 1_000)
    expect(wallet.balanceOf('ab1')).toBe(7_000 + won)

    t += 4_000
    await table.tick()
    expect(table.state()).toMatchObject({ roundId: 2, phase: 'betting', cards: [] })
  })
})
