import { describe, expect, it } from 'vitest'
import { cryptoRng } from '../crypto-rng'
import {
  DOCUMENTED_RTP,
  linePay,
  PAYLINES,
  REELS,
  SYMBOLS,
  spin,
  spinMultiplier,
} from './lotus-sevens'

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b))

/**
 * Exact RTP. Each payline reads one row per reel, and every row of a reel shows each strip
 * position equally often, so a line's 5 symbols are independent draws from the 5 strips. By
 * linearity the RTP is the expected pay of one line: Σ over symbol tuples of pay × Π counts / Π lengths.
 */
const exactRtp = (): { num: bigint; den: bigint } => {
  const counts = REELS.map((reel) => {
    const c = new Array<number>(SYMBOLS.length).fill(0)
    for (const s of reel) c[s] = (c[s] ?? 0) + 1
    return c
  })
  let num = 0n
  const n = SYMBOLS.length
  for (let a = 0; a < n; a++)
    for (let b = 0; b < n; b++)
      for (let c = 0; c < n; c++)
        for (let d = 0; d < n; d++)
          for (let e = 0; e < n; e++) {
            const weight =
              (counts[0]?.[a] ?? 0) *
              (counts[1]?.[b] ?? 0) *
              (counts[2]?.[c] ?? 0) *
              (counts[3]?.[d] ?? 0) *
              (counts[4]?.[e] ?? 0)
            num += BigInt(weight * linePay(a, b, c, d, e))
          }
  const den = REELS.reduce((p, reel) => p * BigInt(reel.length), 1n)
  const g = gcd(num, den)
  return { num: num / g, den: den / g }
}

describe('Lotus Sevens slot', () => {
  it('pays the longest left run, wild substituting, or the wild run when it pays more', () => {
    const [W, S, , B, M, C] = [0, 1, 2, 3, 4, 5]
    expect(linePay(S, W, S, C, C)).toBe(8)
    expect(linePay(W, W, W, W, W)).toBe(50)
    expect(linePay(W, W, W, C, M)).toBe(12)
    expect(linePay(W, W, W, W, C)).toBe(25)
    expect(linePay(C, C, M, M, M)).toBe(1)
    expect(linePay(B, B, C, B, B)).toBe(0)
  })

  it('documents the exact RTP', () => {
    const { num, den } = exactRtp()
    console.info(`Lotus Sevens exact RTP = ${num}/${den} = ${Number(num) / Number(den)}`)
    expect(`${num}/${den}`).toBe('3841739/3981312')
    expect(Math.abs(Number(num) / Number(den) - DOCUMENTED_RTP)).toBeLessThan(0.00005)
  })

  it('returns the documented RTP within 0.5 % over 10^6 CSPRNG spins', () => {
    const spins = 1_000_000
    const stops = [0, 0, 0, 0, 0]
    let won = 0
    let squares = 0
    for (let i = 0; i < spins; i++) {
      for (let r = 0; r < 5; r++) stops[r] = cryptoRng((REELS[r] as Uint8Array).length)
      const m = spinMultiplier(stops)
      won += m
      squares += m * m
    }
    const lines = PAYLINES.length
    const rtp = won / (spins * lines)
    const sd = Math.sqrt(squares / spins / lines ** 2 - rtp ** 2)
    console.info(
      `Lotus Sevens: measured RTP ${rtp.toFixed(5)} vs documented ${DOCUMENTED_RTP} over ${spins} spins (sd per spin ${sd.toFixed(3)} bets)`,
    )
    expect(Math.abs(rtp - DOCUMENTED_RTP)).toBeLessThan(0.005)
  })

  it('pays line wins in paise of the line bet', () => {
    const result = spin(cryptoRng, 1_000)
    expect(result.grid).toHaveLength(5)
    expect(result.win).toBe(result.lines.reduce((sum, l) => sum + l.pay * 100, 0))
    expect(result.win).toBe(spinMultiplier(result.stops) * 100)
  })
})
