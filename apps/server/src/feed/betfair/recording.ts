import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { PassThrough, pipeline, type Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { FastifyBaseLogger } from 'fastify'
import TinyQueue from 'tinyqueue'
import unbzip2 from 'unbzip2-stream'
import { type CricketChangeMessage, type MarketChangeMessage, parseStreamLine } from './messages'

export type Recorded = MarketChangeMessage | CricketChangeMessage

async function filesOf(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path]
  const entries = await readdir(path, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

/**
 * The file's text. A failing read of the file reaches the reader of the text through `pipeline`,
 * where `.pipe()` left it unheard and the process ended. The last stage is a modern stream that
 * `pipeline` destroys with the error: unbzip2's older stream would just stop, and its reader wait.
 */
function decompressed(file: string): Readable {
  const raw = createReadStream(file)
  const decompress = file.endsWith('.gz') ? createGunzip : file.endsWith('.bz2') ? unbzip2 : null
  if (!decompress) return raw
  return pipeline(raw, decompress(), new PassThrough(), () => undefined)
}

/** The market and cricket messages of one file, line by line, as it is read. */
async function* messagesOf(file: string, log: FastifyBaseLogger): AsyncGenerator<Recorded> {
  let lineNo = 0
  for await (const line of createInterface({ input: decompressed(file), crlfDelay: Infinity })) {
    lineNo += 1
    if (line.trim() === '') continue
    const parsed = parseStreamLine(line)
    if (!parsed.ok) log.warn({ file, line: lineNo, reason: parsed.reason }, 'replay line skipped')
    else if (parsed.message.op === 'mcm' || parsed.message.op === 'ccm') yield parsed.message
  }
}

interface Head {
  message: Recorded
  rest: AsyncGenerator<Recorded>
  /** The file's place in path order, which breaks ties of publish time. */
  order: number
}

const earlierFirst = (a: Head, b: Head) => a.message.pt - b.message.pt || a.order - b.order

/**
 * Betfair historical files (one market each, in publish-time order) merged into one stream in
 * publish-time order, read as it is played: a month of data never sits in memory at once. Among
 * messages of the same publish time, the earlier file (in path order) comes first.
 */
export class RecordingReader {
  private constructor(private readonly heads: TinyQueue<Head>) {}

  static async open(paths: readonly string[], log: FastifyBaseLogger): Promise<RecordingReader> {
    const heads = new TinyQueue<Head>([], earlierFirst)
    let order = 0
    for (const path of paths) {
      for (const file of await filesOf(path)) {
        const rest = messagesOf(file, log)
        const first = await rest.next()
        if (!first.done) heads.push({ message: first.value, rest, order: order++ })
      }
    }
    return new RecordingReader(heads)
  }

  /** The next message to play, or undefined at the end of every file. */
  peek(): Recorded | undefined {
    return this.heads.peek()?.message
  }

  /** Moves past the message `peek` answered. */
  async advance(): Promise<void> {
    const head = this.heads.pop()
    if (!head) return
    const next = await head.rest.next()
    if (!next.done) this.heads.push({ ...head, message: next.value })
  }
}
