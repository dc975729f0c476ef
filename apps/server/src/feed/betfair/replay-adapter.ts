import type { ReplayReport } from '@backlay/contract/feed-report'
import type { FastifyBaseLogger } from 'fastify'
import type { FeedAdapter, FeedDescription, FeedUpdate } from '../feed-adapter'
import type { LastTradedQuotes } from './catalogue-of'
import { FeedMarkets } from './feed-markets'
import { RecordingReader } from './recording'

/** How often a long replay says in the log how far it has got. */
const PROGRESS_LOG_MS = 10_000

export interface BetfairReplaySettings {
  /** Files or folders of Betfair historical data: one stream message a line, plain, .gz or .bz2. */
  paths: readonly string[]
  /** 1 plays at the recorded pace, 60 a minute a second, 0 as fast as the server takes it. */
  speed: number
  /** Move the recorded times so that the replay starts now. */
  shift: boolean
  /** How a runner with a last traded price and no ladder (BASIC files) is quoted, per sport. */
  lastTradedQuotes: LastTradedQuotes
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
  private reader: RecordingReader | null = null
  private startedAt = 0
  private firstPt = 0
  /** Publish time of the last message played: where the replay's clock stands. */
  private playedPt = 0
  private shiftMs = 0
  /** Wall-clock time of the last progress line in the log. */
  private loggedAt = 0
  private summarised = false

  constructor(
    private readonly settings: BetfairReplaySettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.feed = new FeedMarkets(log, settings.lastTradedQuotes)
  }

  async snapshot(now: number): Promise<FeedUpdate> {
    this.reader = await RecordingReader.open(this.settings.paths, this.log)
    this.startedAt = now
    this.firstPt = this.reader.peek()?.pt ?? now
    this.shiftMs = this.settings.shift ? now - this.firstPt : 0
    this.log.info(
      { files: this.settings.paths, speed: this.settings.speed, shiftMs: this.shiftMs },
      'betfair replay opened',
    )
    this.playedPt = this.firstPt
    await this.playUntil(this.firstPt)
    return this.feed.update(this.replayClock(), this.shiftMs, true)
  }

  async poll(now: number): Promise<FeedUpdate> {
    const { speed } = this.settings
    await this.playUntil(
      speed === 0 ? Number.POSITIVE_INFINITY : this.firstPt + (now - this.startedAt) * speed,
    )
    this.logProgress()
    return this.feed.update(this.replayClock(), this.shiftMs, false)
  }

  /**
   * The replay's time: the recording's, moved by the one offset every recorded time gets. A
   * batch is dated by it, so a market's off, removals and close keep their order and spacing at
   * any speed (at 0 the whole day may play in a minute, and still closes after its off).
   */
  private replayClock(): number {
    return this.playedPt + this.shiftMs
  }

  describe(): FeedDescription {
    return {
      source: this.settings.paths.join(', '),
      state: this.reader?.report.finished ? 'finished' : 'playing',
      lastMessageAt: this.reader ? this.replayClock() : null,
    }
  }

  replayReport(): ReplayReport | undefined {
    const report = this.reader?.report
    return report && { ...report, skipped: { ...report.skipped } }
  }

  /** A progress line every PROGRESS_LOG_MS of a long replay, and its summary once at the end. */
  private logProgress() {
    const report = this.replayReport()
    if (!report || this.summarised) return
    if (report.finished) {
      this.summarised = true
      this.log.info(report, 'betfair replay finished')
    } else if (Date.now() - this.loggedAt >= PROGRESS_LOG_MS) {
      this.loggedAt = Date.now()
      const share = report.bytes > 0 ? Math.round((100 * report.bytesRead) / report.bytes) : 100
      this.log.info(
        { markets: report.markets, lines: report.lines, percent: share },
        'betfair replay progress',
      )
    }
  }

  /**
   * Plays the messages published up to `pt`, but at most one definition change a market: each
   * status turn (open, in-play, closed) reaches the exchange as a batch of its own, however fast
   * the replay runs.
   */
  private async playUntil(pt: number) {
    const reader = this.reader
    if (!reader) return
    const turned = new Set<string>()
    for (let message = reader.peek(); message && message.pt <= pt; message = reader.peek()) {
      if (message.op === 'ccm') {
        this.feed.applyCricket(message)
      } else {
        const turns = (message.mc ?? []).filter((mc) => mc.marketDefinition).map((mc) => mc.id)
        if (turns.some((id) => turned.has(id))) break
        for (const id of turns) turned.add(id)
        this.feed.apply(message)
      }
      this.playedPt = Math.max(this.playedPt, message.pt)
      await reader.advance()
    }
  }
}
