import { ladderResponse, type RunnerDepth } from '@backlay/contract/ladder'
import { type DepthMessage, depthMessage } from '@backlay/contract/stream'
import { withBookChange } from '@backlay/exchange/depth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, marketToRestOn, newPlayer } from '../markets/test-support'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { ofType, StreamTestClient } from './testing'

/** A client's ladder: the image, then each change applied as the web applies it. */
function applyDepth(runners: Map<string, RunnerDepth>, msg: DepthMessage) {
  for (const { selectionId, ...change } of msg.runners) {
    const book = withBookChange(runners.get(selectionId), change, msg.image)
    runners.set(selectionId, {
      selectionId,
      ...book,
      back: [...book.back],
      lay: [...book.lay],
      traded: [...book.traded],
    })
  }
}

describe('the ladder channel', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-12-02T10:00:00Z') })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.close())

  const ladderOverHttp = async (marketId: string) =>
    ladderResponse.parse(
      (await call(t.app, null, 'GET', `exchange/market/ladder?marketId=${marketId}`)).body,
    ).data.runners

  it('sends every price of the book, then only what changes, and a resume replays the changes', async () => {
    const { market, runner } = await marketToRestOn(t.app)
    const client = await StreamTestClient.connect(t.app)
    client.send({ type: 'subscribe', id: 'l1', ladder_market_ids: [market.id] })
    const image = depthMessage.parse(await client.next(ofType('depth')))
    await client.next(ofType('ack', { id: 'l1' }))
    expect(image.image).toBe(true)
    expect(image.runners).toEqual(await ladderOverHttp(market.id))

    const ladder = new Map<string, RunnerDepth>()
    applyDepth(ladder, image)
    const player = await newPlayer(t.app, { rupees: 1_000 })
    const from = client.messages.length
    const placed = await call(t.app, player.token, 'POST', 'bet/saveBet', {
      is_back: 1,
      market_id: market.id,
      odds: 1000,
      selection_id: runner.selection_id,
      stack: 100,
    })
    const betId = (placed.body as { data: { bet_id: string } }).data.bet_id
    const backAtTop = (m: Record<string, unknown>) =>
      m.type === 'depth' && JSON.stringify(m.runners).includes('"price":1000')
    const change = depthMessage.parse(await client.next(backAtTop, { from }))
    expect(change.image).toBe(false)
    expect(change.runners).toContainEqual({
      selectionId: runner.selection_id,
      lay: [expect.objectContaining({ price: 1000 })],
    })
    // Every message since the image, in order and gap-free, gives the book as it now is.
    const since = client.messages.filter((m) => m.type === 'depth').slice(1)
    since
      .map((m) => depthMessage.parse(m))
      .forEach((m, i) => {
        expect(m.seq).toBe(image.seq + 1 + i)
        applyDepth(ladder, m)
      })
    expect([...ladder.values()]).toEqual(await ladderOverHttp(market.id))

    // Dropped before the cancel: a resume from the last seq seen replays what was missed.
    client.close()
    await call(t.app, player.token, 'POST', 'bet/cancelUnmatchedBet', { bet_id: betId })
    const again = await StreamTestClient.connect(t.app)
    again.send({ type: 'resume', id: 'r1', ladders: [{ market_id: market.id, seq: change.seq }] })
    const missed = depthMessage.parse(await again.next(ofType('depth')))
    await again.next(ofType('ack', { id: 'r1' }))
    expect(missed).toMatchObject({ image: false, seq: change.seq + 1 })
    applyDepth(ladder, missed)
    const after = await ladderOverHttp(market.id)
    expect([...ladder.values()]).toEqual(after)
    expect(after.find((r) => r.selectionId === runner.selection_id)?.lay).not.toContainEqual(
      expect.objectContaining({ price: 1000 }),
    )
    again.close()
  })

  it('an unknown or house market has no ladder', async () => {
    const client = await StreamTestClient.connect(t.app)
    client.send({ type: 'subscribe', id: 'l2', ladder_market_ids: ['1.404'] })
    expect(await client.next(ofType('error'))).toMatchObject({
      code: 'STREAM.UNKNOWN_MARKET',
      msg: 'No such market: 1.404',
    })
    client.close()
  })
})
