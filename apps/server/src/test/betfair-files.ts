import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { oddsAtTick } from '@backlay/exchange/ladder'

/*
 * Betfair files made from the formats, of each kind people have, holding one race day's worth of
 * one event of each shape: a horse race's WIN and PLACE (2 places) markets, and a football
 * match's MATCH_ODDS, OVER_UNDER_25 and CORRECT_SCORE. Each kind carries what Betfair's
 * historical data plans (and recorders) put in a line:
 * - BASIC: market definitions, then a last traded price and traded volume a minute;
 * - ADVANCED: best offers by level (batb/batl, 3 levels) a second, with ltp and tv;
 * - PRO: the full ladder (atb/atl), traded (trd), ltp and tv, 50 ms apart;
 * - RECORDER: a raw stream as a recorder saves it: connection and status lines, a segmented
 *   image, "clk": null, heartbeats, conflated changes, spaces after the colons and \r\n.
 * The model below says what a reader must end with; the lines are made from it.
 */

export type FileKind = 'BASIC' | 'ADVANCED' | 'PRO' | 'RECORDER'

export interface MadeMarket {
  id: string
  eventId: string
  eventTypeId: '1' | '7'
  marketType: string
  name: string
  numberOfWinners: number
  runners: { id: number; name: string }[]
  /** Selection ids declared WINNER at the close (a place market's placed runners). */
  winners: number[]
}

const RACE = { eventId: '60000001', venue: 'Kempton', eventName: 'Kemp 1st Jun' }
const MATCH = { eventId: '60000002', eventName: 'Arsenal v Chelsea' }
const horses = ['Red Rum', 'Arkle', 'Desert Orchid', 'Kauto Star'].map((name, i) => ({
  id: 7100 + i,
  name,
}))

export const MADE_MARKETS: readonly MadeMarket[] = [
  {
    id: '1.600000001',
    eventId: RACE.eventId,
    eventTypeId: '7',
    marketType: 'WIN',
    name: '1m Hcap',
    numberOfWinners: 1,
    runners: horses,
    winners: [7100],
  },
  {
    id: '1.600000002',
    eventId: RACE.eventId,
    eventTypeId: '7',
    marketType: 'PLACE',
    name: 'To Be Placed',
    numberOfWinners: 2,
    runners: horses,
    winners: [7100, 7102],
  },
  {
    id: '1.600000003',
    eventId: MATCH.eventId,
    eventTypeId: '1',
    marketType: 'MATCH_ODDS',
    name: 'Match Odds',
    numberOfWinners: 1,
    runners: [
      { id: 47999, name: 'Arsenal' },
      { id: 48000, name: 'Chelsea' },
      { id: 58805, name: 'The Draw' },
    ],
    winners: [47999],
  },
  {
    id: '1.600000004',
    eventId: MATCH.eventId,
    eventTypeId: '1',
    marketType: 'OVER_UNDER_25',
    name: 'Over/Under 2.5 Goals',
    numberOfWinners: 1,
    runners: [
      { id: 47972, name: 'Under 2.5 Goals' },
      { id: 47973, name: 'Over 2.5 Goals' },
    ],
    winners: [47973],
  },
  {
    id: '1.600000005',
    eventId: MATCH.eventId,
    eventTypeId: '1',
    marketType: 'CORRECT_SCORE',
    name: 'Correct Score',
    numberOfWinners: 1,
    runners: ['0 - 0', '1 - 0', '2 - 1', 'Any Other Home Win'].map((name, i) => ({
      id: 1 + i,
      name,
    })),
    winners: [3],
  },
]

export const MARKET_TIME = '2026-06-01T14:00:00.000Z'
const START = Date.parse(MARKET_TIME) - 2 * 3_600_000
/** Price moves a runner makes before the off. */
const MOVES = 3
const LEVELS = 3

/** Each market's favourite's tick, a place market's shorter than its win market's. */
const BASE_TICK = [100, 40, 90, 70, 140]
const tickOf = (m: number, r: number, move: number) => (BASE_TICK[m] ?? 100) + 25 * r + move
const price = (tick: number) => oddsAtTick(tick) / 100
/** Rupees at a level (k = 0 best), different on every level and runner. */
const sizeAt = (r: number, k: number) => 1_000 * (k + 1) + r

/** The book a runner of a ladder file shows at the off: best first, odds×100 and paise. */
export function bookAtOff(m: number, r: number) {
  const t = tickOf(m, r, MOVES - 1)
  const level = (tick: number, k: number) => ({ price: oddsAtTick(tick), size: sizeAt(r, k) * 100 })
  return {
    back: Array.from({ length: LEVELS }, (_, k) => level(t - k, k)),
    lay: Array.from({ length: LEVELS }, (_, k) => level(t + 1 + k, k)),
    lastTraded: oddsAtTick(t),
    /** paise */
    tradedVolume: tradedAt(r, MOVES - 1) * 100,
  }
}
const tradedAt = (r: number, move: number) => 1_000 * (move + 1) + 10 * r

function definition(market: MadeMarket, phase: 'OPEN' | 'INPLAY' | 'CLOSED') {
  const racing = market.eventTypeId === '7'
  return {
    bspMarket: racing,
    turnInPlayEnabled: true,
    persistenceEnabled: true,
    marketBaseRate: 5,
    eventId: market.eventId,
    eventTypeId: market.eventTypeId,
    numberOfWinners: market.numberOfWinners,
    bettingType: 'ODDS',
    marketType: market.marketType,
    marketTime: MARKET_TIME,
    suspendTime: MARKET_TIME,
    bspReconciled: phase !== 'OPEN',
    complete: true,
    inPlay: phase !== 'OPEN',
    crossMatching: phase === 'OPEN',
    runnersVoidable: false,
    numberOfActiveRunners: market.runners.length,
    betDelay: phase === 'OPEN' ? 0 : 5,
    status: phase === 'CLOSED' ? 'CLOSED' : 'OPEN',
    runners: market.runners.map((runner, i) => ({
      status:
        phase === 'CLOSED' ? (market.winners.includes(runner.id) ? 'WINNER' : 'LOSER') : 'ACTIVE',
      sortPriority: i + 1,
      id: runner.id,
      name: runner.name,
    })),
    regulators: ['MR_INT'],
    countryCode: 'GB',
    discountAllowed: true,
    timezone: 'Europe/London',
    openDate: MARKET_TIME,
    version: 100 + (phase === 'OPEN' ? 0 : phase === 'INPLAY' ? 1 : 2),
    name: market.name,
    eventName: racing ? RACE.eventName : MATCH.eventName,
    ...(racing ? { venue: RACE.venue } : {}),
  }
}

type Book = Map<number, number>
const levels = (m: number, r: number, move: number, side: 'back' | 'lay'): Book =>
  new Map(
    Array.from({ length: LEVELS }, (_, k) => {
      const t = tickOf(m, r, move)
      return [price(side === 'back' ? t - k : t + 1 + k), sizeAt(r, k)] as const
    }),
  )
/** A full-ladder delta from `from` to `to`: prices gone at size 0, then the new sizes. */
const delta = (from: Book, to: Book) => [
  ...[...from.keys()].filter((p) => !to.has(p)).map((p) => [p, 0]),
  ...[...to].map(([p, s]) => [p, s]),
]

/** One runner's change at a move, as each kind carries it. */
function runnerChange(kind: FileKind, m: number, r: number, runnerId: number, move: number) {
  const ltp = price(tickOf(m, r, move))
  const tv = tradedAt(r, move)
  if (kind === 'BASIC') return { id: runnerId, ltp, tv }
  if (kind === 'ADVANCED') {
    const byLevel = (book: Book) => [...book].map(([p, s], k) => [k, p, s])
    return {
      id: runnerId,
      batb: byLevel(levels(m, r, move, 'back')),
      batl: byLevel(levels(m, r, move, 'lay')),
      ltp,
      tv,
    }
  }
  const empty: Book = new Map()
  const before = (side: 'back' | 'lay') => (move === 0 ? empty : levels(m, r, move - 1, side))
  return {
    id: runnerId,
    atb: delta(before('back'), levels(m, r, move, 'back')),
    atl: delta(before('lay'), levels(m, r, move, 'lay')),
    trd: [[ltp, tv]],
    ltp,
    tv,
  }
}

interface Line {
  pt: number
  message: Record<string, unknown>
}

/** Every market's lines of one kind, in publish-time order. */
export function streamLines(kind: FileKind, markets = MADE_MARKETS): Line[] {
  const step = kind === 'BASIC' ? 60_000 : kind === 'ADVANCED' ? 1_000 : 50
  const lines: Line[] = []
  let pt = START
  const mcm = (mc: unknown[], extra: Record<string, unknown> = {}) => {
    pt += step
    lines.push({ pt, message: { op: 'mcm', clk: String(pt), pt, ...extra, mc } })
  }
  const marketIndex = (market: MadeMarket) => MADE_MARKETS.indexOf(market)
  const image = (market: MadeMarket) => ({
    id: market.id,
    img: true,
    marketDefinition: definition(market, 'OPEN'),
    rc: market.runners.map((runner, r) => runnerChange(kind, marketIndex(market), r, runner.id, 0)),
  })
  if (kind === 'RECORDER') {
    // A segmented image: one market a line, the first and last marked.
    markets.forEach((market, i) => {
      const segment = i === 0 ? 'SEG_START' : i === markets.length - 1 ? 'SEG_END' : 'SEG'
      mcm([image(market)], {
        ct: 'SUB_IMAGE',
        ...(markets.length > 1 ? { segmentType: segment } : {}),
      })
    })
  } else {
    // Every market is created at once, as a day's markets are listed together.
    for (const market of markets) {
      mcm([image(market)])
      pt -= step
    }
    pt += step
  }
  for (let move = 1; move < MOVES; move++) {
    for (const market of markets) {
      const rc = market.runners.map((runner, r) =>
        runnerChange(kind, marketIndex(market), r, runner.id, move),
      )
      mcm([{ id: market.id, ...(kind === 'RECORDER' ? { con: true } : {}), rc }])
      if (kind === 'RECORDER') {
        pt += step
        lines.push({ pt, message: { op: 'mcm', id: 2, clk: String(pt), pt, ct: 'HEARTBEAT' } })
      }
    }
  }
  for (const phase of ['INPLAY', 'CLOSED'] as const)
    for (const market of markets)
      mcm([{ id: market.id, marketDefinition: definition(market, phase) }])
  return lines
}

/** A kind's lines as its files hold them. */
export function fileText(kind: FileKind, markets = MADE_MARKETS): string {
  const lines = streamLines(kind, markets)
  if (kind !== 'RECORDER') return `${lines.map((l) => JSON.stringify(l.message)).join('\n')}\n`
  // A recorder's own lines around the stream's, with "clk": null and spaces after the colons.
  // As Python's json.dumps writes: ', ' and ': ' (no string here holds either).
  const spaced = (value: unknown) =>
    JSON.stringify(value).replaceAll('":', '": ').replaceAll(',', ', ')
  const first = lines[0]?.pt ?? START
  return [
    spaced({ op: 'connection', connectionId: '002-051134157842-432409' }),
    spaced({ op: 'status', id: 1, statusCode: 'SUCCESS', connectionClosed: false }),
    ...lines.map(({ message }, i) =>
      spaced({ ...message, clk: null, ...(i === 0 ? { initialClk: null } : {}) }),
    ),
    spaced({ op: 'mcm', id: 2, pt: first + 600_000, clk: null, ct: 'HEARTBEAT' }),
  ].join('\r\n')
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * Writes a kind's files in a new folder: `single` one file of every market; `gz` or `bz2` a
 * compressed file per market; `tar` Betfair's download layout, a .tar of
 * <year>/<month>/<day>/<eventId>/<marketId>.bz2. Returns the path to replay.
 */
export function writeMadeFiles(kind: FileKind, layout: 'single' | 'gz' | 'bz2' | 'tar'): string {
  const dir = mkdtempSync(join(tmpdir(), `backlay-${kind.toLowerCase()}-`))
  if (layout === 'single') {
    const path = join(dir, `${kind}.jsonl`)
    writeFileSync(path, fileText(kind))
    return path
  }
  const day = new Date(MARKET_TIME)
  const folder = join(dir, 'files')
  for (const market of MADE_MARKETS) {
    const base =
      layout === 'tar'
        ? join(
            folder,
            String(day.getUTCFullYear()),
            MONTHS[day.getUTCMonth()] ?? '',
            String(day.getUTCDate()),
            market.eventId,
            market.id,
          )
        : join(folder, market.id)
    mkdirSync(dirname(base), { recursive: true })
    const text = fileText(kind, [market])
    if (layout === 'gz') writeFileSync(`${base}.gz`, gzipSync(text))
    else {
      writeFileSync(base, text)
      execFileSync('bzip2', [base])
    }
  }
  if (layout !== 'tar') return folder
  const tar = join(dir, 'data.tar')
  execFileSync('tar', ['-cf', tar, '-C', folder, '.'])
  return tar
}
