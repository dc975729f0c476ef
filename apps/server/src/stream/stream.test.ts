import { fanciesResponse, matchDetailsResponse } from '@backlay/contract/match-details'
import { homeMatchesResponse } from '@backlay/contract/matches'
import { STREAM_CLOSE, STREAM_MAX_CHANNELS, serverMessage } from '@backlay/contract/stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { revokeSession } from '../use-cases/sessions'
import { ofType, quoteMarket, StreamTestClient, signInAs } from './testing'

type Message = Record<string, unknown>

/** The stream server of a test app that runs the stream in its own process (the default). */
const inProcessStream = (t: TestApp) => {
  if (!t.app.stream) throw new Error('expected the stream in the server process')
  return t.app.stream
}

describe('stream', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  const clients: StreamTestClient[] = []
  const connect = async () => {
    const client = await StreamTestClient.connect(t.app)
    clients.push(client)
    return client
  }
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url: `/api/v1/${url}`, payload })).json()
  const liveCricket = async () => {
    const { data } = homeMatchesResponse.parse(
      await post('match/homeMatchesOpen', { sport_id: '4' }),
    )
    const match = data.find((m) => m.inplay && m.has_bookmaker && m.has_fancy)
    if (!match) throw new Error('expected a live cricket match')
    return { ...match, bookmakerId: `2.${match.match_id}` }
  }
  /** Ticks the feed a second at a time until `client` has a message matching `match`. */
  const tickUntil = async (
    client: StreamTestClient,
    match: (m: Message) => boolean,
    from: number,
  ) => {
    for (let i = 0; i < 120; i++) {
      clock.advance(1_000)
      await t.app.feed?.tick()
      // The market maker requotes in the feed's background jobs, then the engine commits.
      await t.app.marketJobs.idle()
      await t.app.exchange.idle()
      // Let this tick's messages arrive before looking, so the last one seen is this tick's.
      await new Promise((r) => setTimeout(r, 20))
      const found = client.messages.slice(from).find(match)
      if (found) return found
    }
    return client.next(match, { from, timeoutMs: 2_000 })
  }

  beforeAll(async () => {
    t = await buildTestApp({ clock })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterEach(() => {
    for (const c of clients.splice(0)) c.close()
  })
  afterAll(() => t.close())

  it('subscribe → an image with the prices match details shows, then an ack', async () => {
    const match = await liveCricket()
    await quoteMarket(t.app, match.market_id)
    const client = await connect()
    client.send({ type: 'subscribe', id: 's1', market_ids: [match.market_id] })
    const image = serverMessage.parse(await client.next(ofType('image')))
    await client.next(ofType('ack', { id: 's1' }))
    if (image.type !== 'image') throw new Error('image expected')
    const details = matchDetailsResponse.parse(
      await post('match/matchDetailsOpen', { match_id: match.match_id }),
    ).data[0]
    expect(image).toMatchObject({
      market_id: match.market_id,
      status: details?.status,
      inplay: true,
      betDelay: 5,
    })
    expect(image.runners).toEqual(
      details?.runners.map((r) => ({ selectionId: r.selectionId, status: r.status, ...r.ex })),
    )
  })

  it('feed price changes of a subscribed market arrive as prices with the next seq', async () => {
    const { bookmakerId } = await liveCricket()
    const client = await connect()
    client.send({ type: 'subscribe', market_ids: [bookmakerId] })
    const image = await client.next(ofType('image'))
    const prices = serverMessage.parse(await tickUntil(client, ofType('prices'), 0))
    if (prices.type !== 'prices') throw new Error('prices expected')
    expect(prices.market_id).toBe(bookmakerId)
    const between = client.messages.filter(
      (m) => m.type !== 'ack' && m !== image && m.seq !== undefined,
    )
    expect(between[0]?.seq).toBe((image.seq as number) + 1)
    expect(between.map((m) => m.seq)).toEqual(between.map((_, i) => (image.seq as number) + 1 + i))
    // What the stream said last is what a fresh read says now.
    const latest = client.messages.filter(ofType('prices')).at(-1) as {
      runners: { availableToBack: unknown }[]
    }
    const details = matchDetailsResponse.parse(
      await post('match/matchDetailsOpen', {
        match_id: bookmakerId.slice(2),
        market_id: bookmakerId,
      }),
    ).data[0]
    expect(latest.runners.map((r) => r.availableToBack)).toEqual(
      details?.runners.map((r) => r.ex.availableToBack),
    )
  })

  it('the market maker requoting a book on a feed move arrives as the book’s new prices', async () => {
    const match = await liveCricket()
    await quoteMarket(t.app, match.market_id)
    const client = await connect()
    client.send({ type: 'subscribe', market_ids: [match.market_id] })
    await client.next(ofType('image'))
    const prices = serverMessage.parse(await tickUntil(client, ofType('prices'), 0))
    if (prices.type !== 'prices') throw new Error('prices expected')
    // A requote is several book changes; wait until the engine is idle and the stream has been
    // quiet for a while (under load a commit can still be on its way after a quiet second).
    for (let seen = -1; seen !== client.messages.length; ) {
      await t.app.exchange.idle()
      seen = client.messages.length
      await new Promise((r) => setTimeout(r, 1_000))
    }
    // Each message replaces the sides it names; applied in order they give the book's view.
    const sides = new Map<string, unknown>()
    for (const m of client.messages.filter(ofType('prices')) as (typeof prices)[]) {
      for (const r of m.runners) {
        if (r.availableToBack) sides.set(`${r.selectionId}:back`, r.availableToBack)
        if (r.availableToLay) sides.set(`${r.selectionId}:lay`, r.availableToLay)
      }
    }
    const view = t.app.books.view(match.market_id)
    const cells = (levels: readonly { price: number; size: number }[]) =>
      levels.map((l) => ({ price: l.price / 100, oprice: l.price / 100, size: l.size / 100 }))
    for (const r of view?.runners ?? []) {
      if (sides.has(`${r.selectionId}:back`))
        expect(sides.get(`${r.selectionId}:back`)).toEqual(cells(r.availableToBack))
      if (sides.has(`${r.selectionId}:lay`))
        expect(sides.get(`${r.selectionId}:lay`)).toEqual(cells(r.availableToLay))
    }
    expect(sides.size).toBeGreaterThan(0)
  })

  it('a producer’s message reaches every subscriber, numbered by the stream', async () => {
    const match = await liveCricket()
    const [a, b] = [await connect(), await connect()]
    for (const c of [a, b]) {
      c.send({ type: 'subscribe', market_ids: [match.market_id] })
      await c.next(ofType('image'))
    }
    const change = {
      type: 'prices',
      market_id: match.market_id,
      seq: 999_999,
      runners: [
        {
          selectionId: match.runners[0]?.selectionId,
          availableToBack: [{ price: 2, size: 10, oprice: 2 }],
        },
      ],
    }
    t.app.bus.publish(`market:${match.market_id}`, change)
    const [ga, gb] = [await a.next(ofType('prices')), await b.next(ofType('prices'))]
    expect(ga).toEqual(gb)
    expect(ga.runners).toEqual(change.runners)
    expect(ga.seq).not.toBe(999_999)
  })

  it('session lines: an image of the match’s lines, then changed lines', async () => {
    const match = await liveCricket()
    const client = await connect()
    client.send({ type: 'subscribe', fancy_match_ids: [match.match_id] })
    const image = await client.next(ofType('fancy', { image: true }))
    const lines = fanciesResponse.parse(
      await post('fancy/getFancies', { match_id: match.match_id }),
    ).data
    expect(image.fancies).toEqual(lines)
    const delta = serverMessage.parse(await tickUntil(client, ofType('fancy', { image: false }), 0))
    if (delta.type !== 'fancy') throw new Error('fancy expected')
    expect(delta.seq).toBe((image.seq as number) + 1)
    expect(delta.fancies.length + delta.removed.length).toBeGreaterThan(0)
    for (const f of delta.fancies) expect(f.match_id).toBe(match.match_id)
  })

  it('resume replays exactly what was missed; a seq it no longer holds gets a fresh image', async () => {
    const match = await liveCricket()
    const channel = `market:${match.market_id}`
    const first = await connect()
    first.send({ type: 'subscribe', market_ids: [match.market_id] })
    const image = await first.next(ofType('image'))
    first.close()
    const missed = [1, 2, 3].map((n) => ({
      type: 'status',
      market_id: match.market_id,
      betDelay: n,
    }))
    for (const m of missed) t.app.bus.publish(channel, m)

    const second = await connect()
    second.send({
      type: 'resume',
      id: 'r1',
      markets: [{ market_id: match.market_id, seq: image.seq }],
    })
    await second.next(ofType('ack', { id: 'r1' }))
    const replayed = second.messages.filter((m) => m.type === 'status')
    expect(replayed.map((m) => m.betDelay)).toEqual([1, 2, 3])
    // Consecutive, after the image (a market-maker quote may come between the image and them).
    const firstSeq = replayed[0]?.seq as number
    expect(firstSeq).toBeGreaterThan(image.seq as number)
    expect(replayed.map((m) => m.seq)).toEqual([0, 1, 2].map((n) => firstSeq + n))
    expect(second.messages.some(ofType('image'))).toBe(false)
    // Still subscribed after the replay. The market maker may quote the market the image loaded
    // in between, so the next message is later than the replay, not necessarily next.
    t.app.bus.publish(channel, { type: 'status', market_id: match.market_id, betDelay: 4 })
    const latest = (await second.next(ofType('status', { betDelay: 4 }))).seq as number
    expect(latest).toBeGreaterThan(firstSeq + 2)

    const third = await connect()
    third.send({ type: 'resume', markets: [{ market_id: match.market_id, seq: 3 }] })
    const fresh = await third.next(ofType('image'))
    expect(fresh.seq).toBeGreaterThanOrEqual(latest)
  })

  it('unsubscribe stops a channel', async () => {
    const match = await liveCricket()
    const client = await connect()
    client.send({ type: 'subscribe', market_ids: [match.market_id, match.bookmakerId] })
    await client.next(ofType('image', { market_id: match.bookmakerId }))
    await client.next(ofType('image', { market_id: match.market_id }))
    client.send({ type: 'unsubscribe', id: 'u1', market_ids: [match.market_id] })
    await client.next(ofType('ack', { id: 'u1' }))
    t.app.bus.publish(`market:${match.market_id}`, {
      type: 'status',
      market_id: match.market_id,
      inplay: false,
    })
    t.app.bus.publish(`market:${match.bookmakerId}`, {
      type: 'status',
      market_id: match.bookmakerId,
      inplay: false,
    })
    await client.next(ofType('status', { market_id: match.bookmakerId }))
    expect(client.messages.some(ofType('status', { market_id: match.market_id }))).toBe(false)
  })

  describe('private messages', () => {
    it('reach only the connection signed in as that user', async () => {
      const { userId, token } = await signInAs(t.app, 'demo1')
      const other = await signInAs(t.app, 'demo2')
      const [mine, guest, someoneElse] = [await connect(), await connect(), await connect()]
      mine.send({ type: 'auth', id: 'a1', token })
      someoneElse.send({ type: 'auth', id: 'a2', token: other.token })
      await mine.next(ofType('ack', { id: 'a1' }))
      await someoneElse.next(ofType('ack', { id: 'a2' }))
      t.app.bus.publish(`user:${userId}`, { type: 'balance', balance: 900, liability: 100 })
      expect(await mine.next(ofType('balance'))).toEqual({
        type: 'balance',
        balance: 900,
        liability: 100,
      })
      // A public message published after the private one reaches all: by then the private one would have too.
      const match = await liveCricket()
      for (const c of [guest, someoneElse]) {
        c.send({ type: 'subscribe', market_ids: [match.market_id] })
        await c.next(ofType('image'))
      }
      expect([...guest.messages, ...someoneElse.messages].some(ofType('balance'))).toBe(false)
    })

    it('refuses a bad or revoked token with an error and keeps the connection', async () => {
      const client = await connect()
      client.send({ type: 'auth', id: 'bad', token: 'not-a-token' })
      expect(await client.next(ofType('error', { id: 'bad' }))).toMatchObject({
        code: 'STREAM.AUTH_FAILED',
      })
      const { token } = await signInAs(t.app)
      const session = await t.app.db
        .selectFrom('sessions')
        .select('id')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow()
      await revokeSession(t.app.db, t.app.clock, session.id)
      client.send({ type: 'auth', id: 'revoked', token })
      expect(await client.next(ofType('error', { id: 'revoked' }))).toMatchObject({
        code: 'STREAM.AUTH_FAILED',
      })
      client.send({ type: 'heartbeat', id: 'still-here' })
      await client.next(ofType('ack', { id: 'still-here' }))
    })

    it('closes with 4401 once the session expires', async () => {
      const { token, expiresAt } = await signInAs(t.app)
      const client = await connect()
      client.send({ type: 'auth', id: 'a', token })
      await client.next(ofType('ack', { id: 'a' }))
      inProcessStream(t).tick()
      expect(client.closeCode).toBeNull()
      const saved = clock.now()
      clock.set(expiresAt * 1000)
      inProcessStream(t).tick()
      clock.set(saved)
      expect(await client.next(ofType('error'))).toMatchObject({ code: 'STREAM.AUTH_EXPIRED' })
      expect(await client.closed()).toBe(STREAM_CLOSE.authExpired)
    })
  })

  describe('bad input', () => {
    it.each([
      ['not json', 'Not valid JSON.'],
      [{ type: 'place_bet', id: 'x' }, ''],
      [{ type: 'subscribe', id: 'x', market_ids: 'all' }, 'market_ids'],
      [{ type: 'auth', id: 'x', token: 't', admin: true }, 'Unknown field: admin'],
    ])('%j → an error message, and the connection keeps working', async (input, text) => {
      const client = await connect()
      client.send(input)
      const error = await client.next(ofType('error'))
      expect(error.code).toBe('STREAM.BAD_MESSAGE')
      expect(error.msg).toContain(text)
      if (typeof input !== 'string') expect(error.id).toBe('x')
      client.send({ type: 'heartbeat', id: 'ok' })
      await client.next(ofType('ack', { id: 'ok' }))
    })

    it('a binary frame is refused the same way', async () => {
      const client = await connect()
      client.socket.send(Buffer.from([1, 2, 3]), { binary: true })
      expect((await client.next(ofType('error'))).code).toBe('STREAM.BAD_MESSAGE')
    })

    it('an unknown market is an error; the known ones in the same request still subscribe', async () => {
      const match = await liveCricket()
      const client = await connect()
      client.send({ type: 'subscribe', id: 's', market_ids: ['1.nope', match.market_id] })
      expect(await client.next(ofType('error'))).toMatchObject({ code: 'STREAM.UNKNOWN_MARKET' })
      await client.next(ofType('image', { market_id: match.market_id }))
      await client.next(ofType('ack', { id: 's' }))
    })

    it(`more than ${STREAM_MAX_CHANNELS} channels on one connection are refused`, async () => {
      const rows = await t.app.db
        .selectFrom('markets')
        .select('id')
        .where('kind', '<>', 'SESSION')
        .limit(STREAM_MAX_CHANNELS + 1)
        .execute()
      const ids = rows.map((r) => r.id)
      const client = await connect()
      client.send({ type: 'subscribe', id: 'most', market_ids: ids.slice(0, STREAM_MAX_CHANNELS) })
      await client.next(ofType('ack', { id: 'most' }), { timeoutMs: 20_000 })
      expect(client.messages.filter(ofType('image')).length).toBe(STREAM_MAX_CHANNELS)
      client.send({ type: 'subscribe', id: 'one-more', market_ids: ids.slice(STREAM_MAX_CHANNELS) })
      expect(await client.next(ofType('error', { id: 'one-more' }))).toMatchObject({
        code: 'STREAM.TOO_MANY_CHANNELS',
      })
    })
  })
})

describe('stream liveness', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({
      env: { STREAM_HEARTBEAT_MS: '250', STREAM_MAX_BUFFERED_BYTES: '65536', FEED: 'off' },
    })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.close())

  it('sends heartbeats, keeps a client that answers and closes a silent one with 4408', async () => {
    const [talking, silent] = [
      await StreamTestClient.connect(t.app),
      await StreamTestClient.connect(t.app),
    ]
    const beat = setInterval(() => talking.send({ type: 'heartbeat' }), 100)
    try {
      expect(await silent.closed(5_000)).toBe(STREAM_CLOSE.idle)
      expect(silent.messages.filter(ofType('heartbeat')).length).toBeGreaterThan(0)
      expect(talking.closeCode).toBeNull()
      const beats = talking.messages.filter(ofType('heartbeat'))
      expect(typeof beats[0]?.ts).toBe('number')
    } finally {
      clearInterval(beat)
      talking.close()
    }
  })

  it('closes a client that stops reading with 4429', async () => {
    const client = await StreamTestClient.connect(t.app)
    client.send({ type: 'auth', id: 'a', token: (await signInAs(t.app)).token })
    await client.next(ofType('ack', { id: 'a' }))
    const { userId } = await signInAs(t.app)
    const raw = (client.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket
    raw.pause()
    // It still writes its heartbeats: only its reading is slow.
    const beat = setInterval(() => client.send({ type: 'heartbeat' }), 50)
    const filler = 'x'.repeat(64 * 1024)
    for (let i = 0; i < 500 && inProcessStream(t).connectionCount > 0; i++) {
      t.app.bus.publish(`user:${userId}`, { type: 'balance', balance: i, liability: 0, filler })
      if (i % 10 === 0) await new Promise((r) => setImmediate(r))
    }
    raw.resume()
    clearInterval(beat)
    expect(await client.closed()).toBe(STREAM_CLOSE.tooSlow)
    expect(inProcessStream(t).connectionCount).toBe(0)
  })
})
