import type { Bet } from '@backlay/contract/bets'

/** The open-bets list toggles of §2; at most one is on. */
export type ListMode = 'plain' | 'consolidated' | 'average' | 'byDate'

export interface BetLine {
  key: string
  bet: Bet
  /** rupees */
  stake: number
  odds: number
  pl: number
  count: number
}

export interface BetGroup {
  matchId: string
  matchName: string
  sportId: string
  /** ISO of the group's latest bet */
  at: string
  lines: BetLine[]
}

const round2 = (n: number) => Math.round(n * 100) / 100

/** P/L column: a back shows what it wins, a lay what it risks (negative). */
export const betPL = (bet: Pick<Bet, 'is_back' | 'profit' | 'liability'>): number =>
  bet.is_back === 1 ? bet.profit : -bet.liability

const line = (bet: Bet): BetLine => ({
  key: bet.bet_id,
  bet,
  stake: bet.stack,
  odds: bet.odds,
  pl: betPL(bet),
  count: 1,
})

/** Bets merged by `keyOf`; odds become the stake-weighted average (2 decimals, §5). */
const merge = (bets: readonly Bet[], keyOf: (b: Bet) => string): BetLine[] => {
  const out = new Map<string, BetLine>()
  for (const bet of bets) {
    const key = keyOf(bet)
    const seen = out.get(key)
    if (!seen) {
      out.set(key, { ...line(bet), key })
      continue
    }
    const stake = round2(seen.stake + bet.stack)
    seen.odds = round2((seen.odds * seen.stake + bet.odds * bet.stack) / stake)
    seen.stake = stake
    seen.pl = round2(seen.pl + betPL(bet))
    seen.count += 1
  }
  return [...out.values()]
}

const sideKey = (b: Bet) => `${b.market_id}|${b.selection_id}|${b.is_back}|${b.run ?? ''}`

/** Market, then backs before lays, then selection: the list reads like the market table. */
const byMarket = (a: Bet, b: Bet) =>
  a.market_name.localeCompare(b.market_name) ||
  b.is_back - a.is_back ||
  a.selection_name.localeCompare(b.selection_name) ||
  a.createdAt.localeCompare(b.createdAt)

/**
 * Groups bets per match for the list (§2). Consolidated merges bets of one selection, side and
 * price; Average Odds merges one selection and side at the average price; Order By Date lists
 * newest first. groupBets(bets, 'average') → one line per runner and side.
 */
export function groupBets(bets: readonly Bet[], mode: ListMode): BetGroup[] {
  const groups = new Map<string, Bet[]>()
  for (const bet of bets) groups.set(bet.match_id, [...(groups.get(bet.match_id) ?? []), bet])
  const result = [...groups.values()].map((list): BetGroup => {
    const first = list[0] as Bet
    const sorted =
      mode === 'byDate'
        ? [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        : [...list].sort(byMarket)
    const lines =
      mode === 'consolidated'
        ? merge(sorted, (b) => `${sideKey(b)}|${b.odds}`)
        : mode === 'average'
          ? merge(sorted, sideKey)
          : sorted.map(line)
    return {
      matchId: first.match_id,
      matchName: first.match_name,
      sportId: first.sport_id,
      at: list.reduce((max, b) => (b.createdAt > max ? b.createdAt : max), first.createdAt),
      lines,
    }
  })
  return result.sort((a, b) => b.at.localeCompare(a.at))
}

/** §2 card click: racing sports have their own pages. */
export const betTarget = (sportId: string, matchId: string): string =>
  sportId === '7'
    ? '/horse-racing'
    : sportId === '4339'
      ? '/greyhound-racing'
      : `/event-page/${sportId}/${matchId}`
