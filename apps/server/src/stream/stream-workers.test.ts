import { execFileSync } from 'node:child_process'
import { serverMessage } from '@backlay/contract/stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'
import { ofType, quoteMarket, StreamTestClient, signInAs } from './testing'

describe('stream in worker processes (STREAM_WORKERS=2)', () => {
  let t: TestApp
  let marketId: string
  const clients: StreamTestClient[] = []
  const connect = async () => {
    const client = await StreamTestClient.connect(t.app)
    clients.push(client)
    return client
  }

  beforeAll(async () => {
    t = await buildTestApp({ env: { STREAM_WORKERS: '2' } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const market = await t.app.db
      .selectFrom('markets')
      .select('id')
      .where('kind', '=', 'MATCH_ODDS')
      .where('status', '=', 'OPEN')
      .executeTakeFirstOrThrow()
    marketId = market.id
    await quoteMarket(t.app, marketId)
  })
  afterEach(() => {
    for (const c of clients.splice(0)) c.close()
  })
  afterAll(() => t.close())

  it('hands connections to the workers: each gets the book’s image, then every change', async () => {
    const view = t.app.books.view(marketId)
    // Many at once, each subscribing the moment it opens: none of their first messages may be
    // lost while its socket moves to a worker.
    const all = await Promise.all(Array.from({ length: 60 }, () => connect()))
    for (const c of all) c.send({ type: 'subscribe', id: 's', market_ids: [marketId] })
    const images = await Promise.all(all.map((c) => c.next(ofType('image'))))
    for (const image of images) {
      const parsed = serverMessage.parse(image)
      if (parsed.type !== 'image') throw new Error('image expected')
      expect(parsed.market_id).toBe(marketId)
      expect(parsed.runners.map((r) => r.selectionId)).toEqual(
        view?.runners.map((r) => r.selectionId),
      )
    }
    await Promise.all(all.map((c) => c.next(ofType('ack', { id: 's' }))))
    for (const n of [1, 2, 3]) {
      t.app.bus.publish(`market:${marketId}`, { type: 'status', market_id: marketId, betDelay: n })
    }
    for (const [i, c] of all.entries()) {
      await c.next(ofType('status', { betDelay: 3 }))
      const delays = c.messages.filter(ofType('status')).map((m) => m.betDelay)
      expect(delays).toEqual([1, 2, 3])
      // Numbered gap-free after the client's own image.
      const seqs = c.messages.filter(ofType('status')).map((m) => m.seq as number)
      const imageSeq = images[i]?.seq as number
      expect(seqs[0]).toBeGreaterThan(imageSeq)
      expect(seqs).toEqual([0, 1, 2].map((k) => (seqs[0] ?? 0) + k))
    }
  })

  it('private messages reach only the signed-in connection; a bad token is refused', async () => {
    const { userId, token } = await signInAs(t.app, 'demo1')
    const [mine, guest] = [await connect(), await connect()]
    mine.send({ type: 'auth', id: 'a1', token })
    await mine.next(ofType('ack', { id: 'a1' }))
    guest.send({ type: 'auth', id: 'bad', token: 'not-a-token' })
    expect(await guest.next(ofType('error', { id: 'bad' }))).toMatchObject({
      code: 'STREAM.AUTH_FAILED',
    })
    t.app.bus.publish(`user:${userId}`, { type: 'balance', balance: 900, liability: 100 })
    expect(await mine.next(ofType('balance'))).toEqual({
      type: 'balance',
      balance: 900,
      liability: 100,
    })
    guest.send({ type: 'heartbeat', id: 'still-here' })
    await guest.next(ofType('ack', { id: 'still-here' }))
    expect(guest.messages.some(ofType('balance'))).toBe(false)
  })

  it('bad input and unknown markets are errors; the connection keeps working', async () => {
    const client = await connect()
    client.send('not json')
    expect(await client.next(ofType('error'))).toMatchObject({ code: 'STREAM.BAD_MESSAGE' })
    client.send({ type: 'subscribe', id: 'u', market_ids: ['1.nope'] })
    expect(await client.next(ofType('error', { code: 'STREAM.UNKNOWN_MARKET' }))).toMatchObject({
      code: 'STREAM.UNKNOWN_MARKET',
    })
    client.send({ type: 'heartbeat', id: 'ok' })
    await client.next(ofType('ack', { id: 'ok' }))
  })

  it('a worker that dies is replaced, and every new connection is served', async () => {
    const children = () =>
      // The worker processes: node children of this one (not the ps that lists them).
      execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter(([, command]) => command === 'node')
        .map(([pid]) => Number(pid))
    const before = children()
    expect(before).toHaveLength(2)
    process.kill(before[0] ?? 0, 'SIGKILL')
    for (let i = 0; i < 100 && children().sort().join() === before.sort().join(); i++)
      await new Promise((r) => setTimeout(r, 100))
    for (let i = 0; i < 100 && children().length < 2; i++)
      await new Promise((r) => setTimeout(r, 100))
    expect(children()).toHaveLength(2)
    expect(children()).not.toContain(before[0])
    const both = [await connect(), await connect()]
    for (const c of both) c.send({ type: 'subscribe', id: 'after', market_ids: [marketId] })
    for (const c of both) await c.next(ofType('ack', { id: 'after' }), { timeoutMs: 15_000 })
  })
})
