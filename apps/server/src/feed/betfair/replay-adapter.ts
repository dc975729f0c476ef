import { createReadStream } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import type { FastifyBaseLogger } from 'fastify'
import unbzip2 from 'unbzip2-stream'
import type { FeedAdapter, FeedUpdate } from '../feed-adapter'
import { FeedMarkets } from './feed-markets'
import { type CricketChangeMessage, type MarketChangeMessage, parseStreamLine } from './messages'

type Recorded = MarketChangeMessage | CricketChangeMessage

export interface BetfairReplaySettings {
  /** Files or folders of Betfair historical data: one stream message a line, plain, .gz or .bz2. */
  paths: readonly string[]
  /** 1 plays at the recorded pace, 60 a minute a second, 0 as fast as the server takes it. */
  speed: number
  /** Move the recorded times so that the replay starts now. */
  shift: boolean
}

async function filesOf(path: string): Promise<string[]> {
  if (!(await stat(path)).isDirectory()) return [path]
  const entries = await readdir(path, { withFileTypes: true, recursive: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
}

function decompressed(file: string): Readable {
  const raw = createReadStream(file)
  if (file.endsWith('.gz')) return raw.pipe(createGunzip())
  if (file.endsWith('.bz2')) return raw.pipe(unbzip2())
  return raw
}

/** Every market and cricket message of the files, in publish-time order (files are one market each). */
export async function readRecording(
  paths: readonly string[],
  log: FastifyBaseLogger,
): Promise<Recorded[]> {
  const messages: Recorded[] = []
  for (const path of paths) {
    for (const file of await filesOf(path)) {
      let lineNo = 0
      for await (const line of createInterface({
        input: decompressed(file),
        crlfDelay: Infinity,
      })) {
        lineNo += 1
        if (line.trim() === '') continue
        const parsed = parseStreamLine(line)
        if (!parsed.ok)
          log.warn({ file, line: lineNo, reason: parsed.reason }, 'replay line skipped')
        else if (parsed.message.op === 'mcm' || parsed.message.op === 'ccm')
          messages.push(parsed.message)
      }
    }
  }
  // A stable sort keeps each file's own order among messages of the same publish time.
  return messages.sort((a, b) => a.pt - b.pt)
}

/**
 * Betfair historical data played back as a live feed: the markets keep their Betfair ids, the
 * clock of the recording follows the server's at `speed`, and with `shift` every time moves so
 * the recording starts now. What the recording closed stays closed, so playing the same files
 * again over the same store changes nothing that already happened.
 */
export class BetfairReplayAdapter implements FeedAdapter {
  readonly name = 'betfair-replay'
  private readonly feed: FeedMarkets
  private messages: Recorded[] = []
  private next = 0
  private startedAt = 0
  private firstPt = 0
  private shiftMs = 0

  constructor(
    private readonly settings: BetfairReplaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.feed = new FeedMarkets(log)
  }

  async snapshot(now: number): Promise<FeedUpdate> {
    this.messages = await readRecording(this.settings.paths, this.log)
    this.next = 0
    this.startedAt = now
    this.firstPt = this.messages[0]?.pt ?? now
    this.shiftMs = this.settings.shift ? now - this.firstPt : 0
    this.log.info(
      { messages: this.messages.length, speed: this.settings.speed, shiftMs: this.shiftMs },
      'betfair replay loaded',
    )
    this.playUntil(this.firstPt)
    return this.feed.update(now, this.shiftMs, true)
  }

  async poll(now: number): Promise<FeedUpdate> {
    const { speed } = this.settings
    this.playUntil(
      speed === 0 ? Number.POSITIVE_INFINITY : this.firstPt + (now - this.startedAt) * speed,
    )
    return this.feed.update(now, this.shiftMs, false)
  }

  /** Whether every message has been played (tests wait for it). */
  get finished() {
    return this.next >= this.messages.length
  }

  /**
   * Plays the messages published up to `pt`, but at most one definition change a market: each
   * status turn (open, in-play, closed) reaches the exchange as a batch of its own, however fast
   * the replay runs.
   */
  private playUntil(pt: number) {
    const turned = new Set<string>()
    while (this.next < this.messages.length) {
      const message = this.messages[this.next]
      if (!message || message.pt > pt) break
      if (message.op === 'ccm') {
        this.feed.applyCricket(message)
        this.next += 1
        continue
      }
      const turns = (message.mc ?? []).filter((mc) => mc.marketDefinition).map((mc) => mc.id)
      if (turns.some((id) => turned.has(id))) break
      for (const id of turns) turned.add(id)
      this.feed.apply(message)
      this.next += 1
    }
  }
}
