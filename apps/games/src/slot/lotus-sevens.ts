import type { Rng } from '../rng'

/**
 * "Lotus Sevens": 5 reels × 3 rows, 10 fixed paylines, wild substitutes for every symbol.
 * A line pays the longest run from the leftmost reel (or its run of wilds, whichever pays more),
 * in multiples of the line bet (total bet / 10). Every reel is one strip of 24 symbols.
 */
export const SYMBOLS = ['wild', 'seven', 'lotus', 'bell', 'melon', 'cherry'] as const
export type SlotSymbol = (typeof SYMBOLS)[number]
const WILD = 0

const code: Record<string, number> = { W: 0, S: 1, L: 2, B: 3, M: 4, C: 5 }
const strip = (text: string) => Uint8Array.from(text, (ch) => code[ch] ?? -1)

/** Each strip holds 3 W, 2 S, 3 L, 4 B, 5 M, 7 C, ordered so that no symbol stands twice in a row. */
export const REELS: readonly Uint8Array[] = [
  strip('CBCLMCBCMLWMCBCSWLSMBCWM'),
  strip('BSMBCLCWMWMLCMLSCBCWCBCM'),
  strip('WCMWCMCBCMBMBCMWSCLSLCLB'),
  strip('CWSMBMSMCWLCBCLCBLMWCBCM'),
  strip('BMCBCMSWBCMCMCLWLMCSWLBC'),
]
export const ROWS = 3

/** Row (0 top … 2 bottom) used on each reel by each payline. */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 0, 1, 0],
]

/** PAYTABLE[symbol][run length] in line bets. */
export const PAYTABLE: readonly (readonly number[])[] = [
  [0, 0, 0, 12, 25, 50], // wild
  [0, 0, 0, 8, 20, 40], // seven
  [0, 0, 0, 6, 15, 30], // lotus
  [0, 0, 0, 4, 10, 20], // bell
  [0, 0, 1, 3, 7, 12], // melon
  [0, 0, 1, 2, 4, 8], // cherry
]

/**
 * Return to player: exactly 3_841_739 / 3_981_312 ≈ 96.494 % (lotus-sevens.test.ts derives it by
 * enumerating every line outcome), rounded here for the README and the rules page.
 */
export const DOCUMENTED_RTP = 0.9649

/** Line win in line bets for the 5 symbols on a line: linePay([1, 0, 1, 5, 5]) → 8 (three sevens). */
export const linePay = (s0: number, s1: number, s2: number, s3: number, s4: number): number => {
  const line = [s0, s1, s2, s3, s4]
  let wilds = 0
  while (wilds < 5 && line[wilds] === WILD) wilds++
  const wildPay = PAYTABLE[WILD]?.[wilds] ?? 0
  if (wilds === 5) return wildPay
  const symbol = line[wilds] as number
  let run = wilds
  while (run < 5 && (line[run] === symbol || line[run] === WILD)) run++
  return Math.max(wildPay, PAYTABLE[symbol]?.[run] ?? 0)
}

const at = (reel: number, stop: number, row: number): number => {
  const s = REELS[reel] as Uint8Array
  return s[(stop + row) % s.length] as number
}

/** Total win of a spin in line bets, from the top stop of each reel. */
export const spinMultiplier = (stops: readonly number[]): number => {
  let total = 0
  for (const rows of PAYLINES) {
    total += linePay(
      at(0, stops[0] as number, rows[0] as number),
      at(1, stops[1] as number, rows[1] as number),
      at(2, stops[2] as number, rows[2] as number),
      at(3, stops[3] as number, rows[3] as number),
      at(4, stops[4] as number, rows[4] as number),
    )
  }
  return total
}

export type SpinResult = {
  stops: number[]
  grid: SlotSymbol[][]
  lines: { line: number; pay: number }[]
  /** win in paise */
  win: number
}

/** Spins once: `bet` (paise, a multiple of 10) is split over the 10 lines. */
export const spin = (rng: Rng, bet: number): SpinResult => {
  const stops = REELS.map((reel) => rng(reel.length))
  const lineBet = bet / PAYLINES.length
  const lines = PAYLINES.map((rows, line) => ({
    line,
    pay: linePay(
      ...(rows.map((row, reel) => at(reel, stops[reel] as number, row)) as [
        number,
        number,
        number,
        number,
        number,
      ]),
    ),
  })).filter((l) => l.pay > 0)
  const grid = REELS.map((_, reel) =>
    Array.from(
      { length: ROWS },
      (_, row) => SYMBOLS[at(reel, stops[reel] as number, row)] as SlotSymbol,
    ),
  )
  return { stops, grid, lines, win: lines.reduce((sum, l) => sum + l.pay * lineBet, 0) }
}
