import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { connect, type TLSSocket } from 'node:tls'

/** A message as it came off the wire (parsed JSON). */
export type EsaMessage = Record<string, unknown> & { op: string }

/**
 * A client of the Exchange Stream API as Betfair documents it (tests only): TLS, one JSON
 * request a line ending in CRLF, every answer line kept in order for the test to look through.
 */
export class EsaClient {
  readonly messages: EsaMessage[] = []
  closed = false
  private waiters: (() => void)[] = []

  private constructor(private readonly socket: TLSSocket) {
    const lines = createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY })
    lines.on('line', (line) => {
      this.messages.push(JSON.parse(line) as EsaMessage)
      this.wake()
    })
    socket.on('close', () => {
      this.closed = true
      this.wake()
    })
    socket.on('error', () => undefined)
  }

  /** Connects trusting `ca` (the server's self-signed certificate) and checking its name. */
  static async connect(port: number, ca: string): Promise<EsaClient> {
    const socket = connect({ host: '127.0.0.1', port, ca, servername: 'localhost' })
    await once(socket, 'secureConnect')
    return new EsaClient(socket)
  }

  private wake() {
    for (const wake of this.waiters.splice(0)) wake()
  }

  send(request: object) {
    this.socket.write(`${JSON.stringify(request)}\r\n`)
  }

  sendRaw(line: string) {
    this.socket.write(line)
  }

  /** The first message from index `from` on that `match` picks, waiting up to `timeoutMs`. */
  async next(
    match: (m: EsaMessage) => boolean,
    { from = 0, timeoutMs = 10_000 }: { from?: number; timeoutMs?: number } = {},
  ): Promise<EsaMessage> {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      const found = this.messages.slice(from).find(match)
      if (found) return found
      const left = deadline - Date.now()
      if (this.closed || left <= 0)
        throw new Error(
          `${this.closed ? 'closed' : 'timed out'}; got ${JSON.stringify(this.messages).slice(-3000)}`,
        )
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.waiters.push(() => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
  }

  /** Resolves once the server has closed the connection. */
  async ended(timeoutMs = 5_000) {
    if (this.closed) return
    await Promise.race([
      once(this.socket, 'close'),
      new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), timeoutMs)),
    ])
  }

  close() {
    this.socket.destroy()
  }
}

export const op =
  (name: string, extra: (m: EsaMessage) => boolean = () => true) =>
  (m: EsaMessage) =>
    m.op === name && extra(m)
