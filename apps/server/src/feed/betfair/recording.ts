import type { CricketChangeMessage, MarketChangeMessage } from '@backlay/contract/betfair-stream'
import type { ReplayReport } from '@backlay/contract/feed-report'
import type { FastifyBaseLogger } from 'fastify'
import TinyQueue from 'tinyqueue'
import { type RecordedFile, recordedFiles, textOf } from './recorded-files'
import { parseStreamLine } from './stream-lines'

export type Recorded = MarketChangeMessage | CricketChangeMessage

/** The market and cricket messages of one file, line by line, as it is read. */
async function* messagesOf(
  file: RecordedFile,
  report: ReplayReport,
  markets: Set<string>,
  log: FastifyBaseLogger,
): AsyncGenerator<Recorded> {
  let lineNo = 0
  const text = textOf(file, (bytes) => {
    report.bytesRead += bytes
  })
  for await (const line of text) {
    lineNo += 1
    if (line.trim() === '') continue
    report.lines += 1
    const parsed = parseStreamLine(line)
    if (!parsed.ok) {
      report.skipped[parsed.reason] = (report.skipped[parsed.reason] ?? 0) + 1
      log.debug({ file: file.name, line: lineNo, reason: parsed.reason }, 'replay line skipped')
    } else if (parsed.message.op === 'mcm' || parsed.message.op === 'ccm') {
      if (parsed.message.op === 'mcm') for (const mc of parsed.message.mc ?? []) markets.add(mc.id)
      report.markets = markets.size
      yield parsed.message
    }
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
  private constructor(
    private readonly heads: TinyQueue<Head>,
    readonly report: ReplayReport,
  ) {}

  static async open(paths: readonly string[], log: FastifyBaseLogger): Promise<RecordingReader> {
    const files = (await Promise.all(paths.map(recordedFiles))).flat()
    const report: ReplayReport = {
      files: files.length,
      bytes: files.reduce((sum, f) => sum + f.size, 0),
      bytesRead: 0,
      lines: 0,
      markets: 0,
      skipped: {},
      finished: false,
    }
    const markets = new Set<string>()
    const heads = new TinyQueue<Head>([], earlierFirst)
    let order = 0
    for (const file of files) {
      const rest = messagesOf(file, report, markets, log)
      const first = await rest.next()
      if (!first.done) heads.push({ message: first.value, rest, order: order++ })
    }
    report.finished = heads.length === 0
    return new RecordingReader(heads, report)
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
    this.report.finished = this.heads.length === 0
  }
}
