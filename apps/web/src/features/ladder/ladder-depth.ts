import type { MarketDepth } from '@backlay/contract/ladder'
import type { DepthMessage } from '@backlay/contract/stream'
import { withBookChange } from '@backlay/exchange/depth'

/**
 * A ladder's book after one `depth` message: an image is the whole book (a ladder opened before
 * any answer starts from it), else each named level changes. Before an image, a change waits.
 */
export function patchDepth(
  depth: MarketDepth | undefined,
  msg: DepthMessage,
): MarketDepth | undefined {
  if (!depth && !msg.image) return depth
  const runners = new Map(depth?.runners.map((r) => [r.selectionId, r]))
  for (const { selectionId, ...change } of msg.runners) {
    const book = withBookChange(runners.get(selectionId), change, msg.image)
    runners.set(selectionId, {
      selectionId,
      back: [...book.back],
      lay: [...book.lay],
      traded: [...book.traded],
      lastTradedPrice: book.lastTradedPrice,
    })
  }
  return { marketId: msg.market_id, runners: [...runners.values()] }
}
