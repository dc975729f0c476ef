import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, moneyOf, newPlayer, openMarket } from '../markets/test-support'
import { type DefaultStartApp, startAsDefault } from './default-start'

describe('bets against an outside tester (default start)', () => {
  let s: DefaultStartApp
  beforeAll(async () => {
    s = await startAsDefault()
  })
  afterAll(() => s.close())

  const backAt10 = async (token: string, stack: number) => {
    // A market not yet in play: an in-play one can be suspended at any moment of the simulation.
    const market = await openMarket(s.app, 'MATCH_ODDS', { prePlay: true })
    return call(s.app, token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 10,
      selection_id: market.runners[0]?.selection_id,
      stack,
    })
  }

  it('never lets one player cancel or read another player’s bet', async () => {
    const owner = await newPlayer(s.app, { rupees: 1_000 })
    const stranger = await newPlayer(s.app, { rupees: 1_000 })
    const placed = await backAt10(owner.token, 100)
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    const betId = (placed.body.data as { bet_id: string }).bet_id

    const cancel = await call(s.app, stranger.token, 'POST', 'bet/cancelUnmatchedBet', {
      bet_id: betId,
    })
    expect(cancel.status).toBe(404)
    // Whether the live market matched it or not, the bet is in one of the two open lists.
    const openBetsOf = async (token: string) =>
      JSON.stringify(
        await Promise.all(
          [{}, { is_matched: 0 }].map(
            async (search) =>
              (await call(s.app, token, 'POST', 'bet/openBets', { limit: 100, search })).body,
          ),
        ),
      )
    expect(await openBetsOf(stranger.token)).not.toContain(betId)
    expect(await openBetsOf(owner.token)).toContain(betId)
  })

  it('never takes a balance below zero under 50 concurrent bets beyond it', async () => {
    const player = await newPlayer(s.app, { rupees: 1_000 })
    const answers = await Promise.all(Array.from({ length: 50 }, () => backAt10(player.token, 100)))
    const accepted = answers.filter((a) => a.status === 200)
    // ₹100 at 10.0 risks ₹100 each: ten fit into ₹1,000.
    expect(accepted).toHaveLength(10)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40)
    const money = await moneyOf(s.app, player.id)
    expect(money.cash).toBeGreaterThanOrEqual(0)
    expect(money.cash + money.exposure).toBe(1_000_00)
  })
})
