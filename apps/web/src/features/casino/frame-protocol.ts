/** Betting §2 casino lobby frame: the frame starts at 500 + 100 px and follows the lobby's height. */
export const INITIAL_CONTENT_HEIGHT = 500
export const FRAME_EXTRA_HEIGHT = 100
/** A runaway or hostile page must not make the frame unbounded. */
const MAX_CONTENT_HEIGHT = 20_000

export type FrameMessage = { type: 'resize'; height: number } | { type: 'balance' }

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * A message of the provider's frame protocol, or undefined when it is not one or does not come from
 * exactly `providerOrigin` (any other window may post to us).
 * frameMessageOf({ origin: 'http://localhost:8090', data: { type: 'resize', height: 812 } }, 'http://localhost:8090')
 *   → { type: 'resize', height: 812 }
 */
export function frameMessageOf(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  providerOrigin: string,
): FrameMessage | undefined {
  if (event.origin !== providerOrigin || !isRecord(event.data)) return undefined
  const { type, height } = event.data
  if (type === 'balance') return { type }
  if (type !== 'resize' || typeof height !== 'number' || !Number.isFinite(height) || height <= 0) {
    return undefined
  }
  return { type, height: Math.min(Math.ceil(height), MAX_CONTENT_HEIGHT) }
}

export const frameHeightFor = (contentHeight: number): number => contentHeight + FRAME_EXTRA_HEIGHT
