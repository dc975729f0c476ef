import { homeMatchesResponse } from '@backlay/contract/matches'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { StreamTestClient, signInAs } from './testing'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
type Message = Record<string, unknown>

/** Two instances, one Redis: what one publishes, the other's WebSocket clients receive. */
describe('stream over Redis', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    ;[a, b] = (await Promise.all(
      [0, 1].map(() => buildTestApp({ clock, env: { REDIS_URL } })),
    )) as [TestApp, TestApp]
    await b.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
  })

  it('a price change published on one instance reaches a subscriber of the other', async () => {
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/v1/match/homeMatchesOpen',
      payload: { sport_id: '4' },
    })
    const match = homeMatchesResponse.parse(res.json()).data[0]
    if (!match) throw new Error('expected a cricket match')
    const client = await StreamTestClient.connect(b.app)
    client.send({ type: 'subscribe', id: 's', market_ids: [match.market_id] })
    const image = await client.next((m) => m.type === 'image')
    await client.next((m) => m.type === 'ack')
    // The subscription reaches Redis asynchronously; publish until it is in place.
    const marker = `redis-${Date.now()}`
    const change = {
      type: 'prices',
      market_id: match.market_id,
      runners: [{ selectionId: marker, availableToBack: [{ price: 2, size: 1, oprice: 2 }] }],
    }
    const isMine = (m: Message) =>
      m.type === 'prices' && (m.runners as { selectionId: string }[])[0]?.selectionId === marker
    for (let i = 0; i < 50 && !client.messages.some(isMine); i++) {
      a.app.bus.publish(`market:${match.market_id}`, change)
      await new Promise((r) => setTimeout(r, 20))
    }
    const received = await client.next(isMine)
    expect(received.runners).toEqual(change.runners)
    expect(received.seq).toBeGreaterThan(image.seq as number)
    client.close()
  })

  it('a private message published on one instance reaches the user signed in on the other', async () => {
    const { userId, token } = await signInAs(b.app)
    const client = await StreamTestClient.connect(b.app)
    client.send({ type: 'auth', id: 'a', token })
    await client.next((m) => m.type === 'ack')
    const balance = { type: 'balance', balance: 1234.5, liability: Date.now() % 1000 }
    for (let i = 0; i < 50 && !client.messages.some((m) => m.type === 'balance'); i++) {
      a.app.bus.publish(`user:${userId}`, balance)
      await new Promise((r) => setTimeout(r, 20))
    }
    expect(await client.next((m) => m.type === 'balance')).toEqual(balance)
    client.close()
  })
})
