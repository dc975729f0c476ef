import { once } from 'node:events'
import { STREAM_PATH } from '@backlay/contract/stream'
import { WebSocket } from 'ws'
import type { App } from '../app'
import { readCatalogueMarket } from '../markets/catalogue'
import { quoteFor } from '../markets/market-maker'
import { startSession } from '../use-cases/sessions'

type Message = Record<string, unknown>

/** Matches a stream message of `type` whose fields equal `extra`: `client.next(ofType('ack', { id: 's1' }))`. */
export const ofType =
  (type: string, extra: Message = {}) =>
  (m: Message) =>
    m.type === type && Object.entries(extra).every(([k, v]) => m[k] === v)

/** A session token for a seeded player, issued the way login issues it (tests only). */
export async function signInAs(
  app: App,
  userName = 'demo1',
): Promise<{ userId: string; token: string; expiresAt: number }> {
  const user = await app.db
    .selectFrom('users')
    .select(['id', 'brand_id', 'role'])
    .where('user_name', '=', userName)
    .executeTakeFirstOrThrow()
  const issued = await startSession(app.db, app.tokens, user)
  return { userId: user.id, token: issued.token, expiresAt: issued.expiresAt }
}

/**
 * Has the market maker quote an exchange market now, as a ticking feed does at start (tests run
 * the feed by hand), so its book holds prices; returns the book's view.
 */
export async function quoteMarket(app: App, marketId: string) {
  const market = await readCatalogueMarket(app.db, marketId)
  if (!market) throw new Error(`no market ${marketId}`)
  app.exchange.quoted.add(marketId)
  await app.exchange.requote(marketId, quoteFor(market))
  const view = app.books.view(marketId)
  if (!view) throw new Error(`no book for ${marketId}`)
  return view
}

/** A test client of the stream that records every message and close. */
export class StreamTestClient {
  readonly messages: Record<string, unknown>[] = []
  closeCode: number | null = null
  private waiters: Array<() => void> = []

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)))
      this.wake()
    })
    socket.on('close', (code) => {
      this.closeCode = code
      this.wake()
    })
  }

  static async connect(app: App): Promise<StreamTestClient> {
    const address = app.server.address()
    if (!address || typeof address === 'string') throw new Error('listen first')
    return StreamTestClient.open(`http://127.0.0.1:${address.port}`)
  }

  /** The stream of the server at `origin` (http://host:port). */
  static async open(origin: string): Promise<StreamTestClient> {
    const socket = new WebSocket(`${origin.replace(/^http/, 'ws')}${STREAM_PATH}`)
    await once(socket, 'open')
    return new StreamTestClient(socket)
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message))
  }

  /** The first message (from `from` on) that satisfies `match`, waiting for it if need be. */
  async next(
    match: (m: Record<string, unknown>) => boolean,
    opts: { from?: number; timeoutMs?: number } = {},
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + (opts.timeoutMs ?? 5_000)
    for (;;) {
      const found = this.messages.slice(opts.from ?? 0).find(match)
      if (found) return found
      if (this.closeCode !== null) throw new Error(`closed (${this.closeCode}) while waiting`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages.slice(-5))}`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  async closed(timeoutMs = 5_000): Promise<number> {
    const deadline = Date.now() + timeoutMs
    while (this.closeCode === null) {
      if (Date.now() > deadline) throw new Error('not closed in time')
      await new Promise((r) => setTimeout(r, 10))
    }
    return this.closeCode
  }

  close() {
    this.socket.close()
  }

  private wake() {
    const waiters = this.waiters
    this.waiters = []
    for (const w of waiters) w()
  }
}
