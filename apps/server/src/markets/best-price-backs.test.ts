import { saveBetResponse } from '@backlay/contract/bets'
import { matchDetailsResponse } from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { SPORT_ID } from '@backlay/contract/sport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { call, newPlayer } from './test-support'

/*
 * What a player clicking the best back price meets on the default start's simulated markets: 100
 * backs one at a time, each waiting out its 5 s bet delay while the feed moves the prices. An
 * exchange bet is matched or rests after the delay, whatever the price did; it is never refused
 * with "Odds changed".
 */

const BETS = 100
const clock = manualClock(Date.now())
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('100 best-price backs on the simulated markets', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock })
  })
  afterAll(() => t.close())

  /** Every open match-odds market of cricket and football with a runner priced to back. */
  const markets = async () => {
    const found: { marketId: string; matchId: string }[] = []
    for (const sportId of [SPORT_ID.cricket, SPORT_ID.football]) {
      const home = homeMatchesResponse.parse(
        (await call(t.app, null, 'POST', 'match/homeMatchesOpen', { sport_id: sportId })).body,
      )
      for (const m of home.data)
        if (m.status === 'OPEN' && m.market_type === 'MATCH_ODDS')
          found.push({ marketId: m.market_id, matchId: m.match_id })
    }
    return found
  }

  it('are all matched or resting: no "Odds changed"', async () => {
    const player = await newPlayer(t.app, { rupees: 10_00_000 })
    const list = await markets()
    expect(list.length).toBeGreaterThan(4)
    const tally = new Map<string, number>()
    const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1)
    for (let i = 0; i < BETS; i++) {
      const { marketId, matchId } = list[i % list.length] as (typeof list)[number]
      const details = matchDetailsResponse.parse(
        (await call(t.app, null, 'POST', 'match/matchDetailsOpen', { match_id: matchId })).body,
      )
      const market = details.data.find((d) => d.market_id === marketId)
      const runner = market?.runners.find((r) => r.ex.availableToBack[0])
      const price = runner?.ex.availableToBack[0]?.price
      if (!market || !runner || price === undefined) {
        count('no price to back')
        continue
      }
      const phase = market.inplay ? 'in-play' : 'pre-play'
      let answered = false
      const answer = call(t.app, player.token, 'POST', 'bet/saveBet', {
        is_back: 1,
        market_id: marketId,
        odds: price,
        selection_id: runner.selectionId,
        stack: 100,
      }).finally(() => {
        answered = true
      })
      // The delay passes on the feed's clock, a second at a time until the answer comes, and the
      // feed moves the prices meanwhile (its walk is a rate per minute, whatever the ticks).
      for (let second = 1; !answered; second++) {
        await sleep(20)
        clock.advance(1_000)
        if (second % 2 === 0) await t.app.feed?.tick()
      }
      const res = await answer
      if (res.status === 200) count(`${phase} ${saveBetResponse.parse(res.body).data.status}`)
      else count(`${phase} refused: ${res.body.msg}`)
    }
    console.log(
      `${BETS} best-price backs on ${list.length} match-odds markets:\n${[...tally]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, n]) => `  ${key}: ${n}`)
        .join('\n')}`,
    )
    const oddsChanged = [...tally].filter(([key]) => key.includes('Odds changed'))
    expect(oddsChanged).toEqual([])
    const placed = [...tally]
      .filter(([key]) => !key.includes('refused') && key !== 'no price to back')
      .reduce((sum, [, n]) => sum + n, 0)
    expect(placed).toBeGreaterThan(BETS * 0.8)
  }, 300_000)
})
