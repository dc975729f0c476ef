import { writeFile } from 'node:fs/promises'
import { oddsAtTick } from '@backlay/exchange/ladder'
import { createPrng } from '../src/feed/prng'

/**
 * A PRO-style Betfair historical file made from the format (ESASwaggerSchema's `mcm` lines):
 * `markets` horse races of `runners` each, opened by a market definition, then full-ladder
 * deltas (atb, atl, trd, ltp, tv) 50 ms apart, in-play, and closed with a WINNER.
 */
export async function writeProFile(
  path: string,
  { lines, markets, runners }: { lines: number; markets: number; runners: number },
): Promise<void> {
  const prng = createPrng('bench:pro-file')
  const random = () => prng.next()
  const start = Date.parse('2026-06-01T12:00:00Z')
  const ids = Array.from({ length: markets }, (_, m) => `1.${300_000_000 + m}`)
  const runnerIds = (m: number) =>
    Array.from({ length: runners }, (_, r) => 1_000_000 * (m + 1) + r)
  const fair = ids.map(() => Array.from({ length: runners }, () => 60 + Math.floor(random() * 80)))
  const definition = (m: number, status: 'OPEN' | 'CLOSED', inPlay: boolean) => ({
    eventId: String(40_000_000 + m),
    eventTypeId: '7',
    marketType: 'WIN',
    numberOfWinners: 1,
    status,
    inPlay,
    betDelay: inPlay ? 1 : 0,
    marketTime: new Date(start + 3_600_000).toISOString(),
    venue: `Venue ${m}`,
    countryCode: 'GB',
    name: 'R1 1m Hcap',
    eventName: `Venue ${m} 1st Jun`,
    runners: runnerIds(m).map((id, r) => ({
      id,
      sortPriority: r + 1,
      name: `Runner ${m}-${r}`,
      status: status === 'CLOSED' ? (r === 0 ? 'WINNER' : 'LOSER') : 'ACTIVE',
    })),
  })
  const out: string[] = []
  let pt = start
  const line = (mc: unknown) => {
    pt += 50
    out.push(JSON.stringify({ op: 'mcm', clk: String(pt), pt, mc: [mc] }))
  }
  for (let m = 0; m < markets; m++)
    line({ id: ids[m], img: true, marketDefinition: definition(m, 'OPEN', false) })
  const deltas = lines - 3 * markets
  for (let i = 0; i < deltas; i++) {
    const m = i % markets
    if (i === Math.floor(deltas * 0.8))
      for (let k = 0; k < markets; k++)
        line({ id: ids[k], marketDefinition: definition(k, 'OPEN', true) })
    const r = Math.floor(random() * runners)
    const ticks = fair[m] as number[]
    ticks[r] = Math.min(300, Math.max(10, (ticks[r] as number) + Math.floor(random() * 3) - 1))
    const tick = ticks[r] as number
    const price = (t: number) => oddsAtTick(t) / 100
    const size = () => Math.round(random() * 50_000) / 100
    line({
      id: ids[m],
      rc: [
        {
          id: runnerIds(m)[r] as number,
          atb: [
            [price(tick), size()],
            [price(tick - 1), size()],
          ],
          atl: [
            [price(tick + 1), size()],
            [price(tick + 2), size()],
          ],
          trd: [[price(tick), size()]],
          ltp: price(tick),
          tv: Math.round(random() * 1e7) / 100,
        },
      ],
    })
  }
  for (let m = 0; m < markets; m++)
    line({ id: ids[m], marketDefinition: definition(m, 'CLOSED', true) })
  await writeFile(path, `${out.join('\n')}\n`)
}
