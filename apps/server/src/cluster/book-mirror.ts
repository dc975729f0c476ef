import type { MarketView } from '@backlay/exchange/order-book'
import { marketChannel } from '../stream/channels'
import type { MessageBus } from '../stream/message-bus'

/** A mirrored book nobody read for this long is dropped, with its bus subscription. */
const UNREAD_MS = 60_000

interface Mirrored {
  view: MarketView | undefined
  /** A change was published since the last fetch began. */
  stale: boolean
  fetching: boolean
  readAt: number
  unsubscribe: () => void
}

/**
 * Books owned by other nodes, as their owners answer them: fetched on first read and again after
 * every message the owner publishes on the market's channel, so a read here trails the owner by
 * at most one message. Until the first answer a read gets undefined, as for a book not loaded
 * yet (the caller shows the feed's prices).
 */
export class BookMirror {
  private readonly books = new Map<string, Mirrored>()
  private sweptAt = 0

  constructor(
    private readonly bus: Pick<MessageBus, 'subscribe'>,
    private readonly fetch: (marketId: string) => Promise<MarketView | undefined>,
    private readonly now: () => number = () => performance.now(),
  ) {}

  view(marketId: string): MarketView | undefined {
    const now = this.now()
    this.sweep(now)
    let book = this.books.get(marketId)
    if (!book) {
      const created: Mirrored = {
        view: undefined,
        stale: true,
        fetching: false,
        readAt: now,
        unsubscribe: () => undefined,
      }
      created.unsubscribe = this.bus.subscribe(marketChannel(marketId), () => {
        created.stale = true
        this.refresh(marketId, created)
      })
      this.books.set(marketId, created)
      book = created
    }
    book.readAt = now
    this.refresh(marketId, book)
    return book.view
  }

  forgetWhere(which: (marketId: string) => boolean) {
    for (const [id, book] of this.books) {
      if (!which(id)) continue
      book.unsubscribe()
      this.books.delete(id)
    }
  }

  close() {
    this.forgetWhere(() => true)
  }

  private refresh(marketId: string, book: Mirrored) {
    if (!book.stale || book.fetching) return
    book.stale = false
    book.fetching = true
    this.fetch(marketId)
      .then(
        (view) => {
          book.view = view
        },
        () => {
          book.stale = true
        },
      )
      .finally(() => {
        book.fetching = false
        if (book.stale && this.books.get(marketId) === book) this.refresh(marketId, book)
      })
  }

  private sweep(now: number) {
    if (now - this.sweptAt < UNREAD_MS / 2) return
    this.sweptAt = now
    this.forgetWhere((id) => now - (this.books.get(id)?.readAt ?? now) > UNREAD_MS)
  }
}
