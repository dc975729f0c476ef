/** The chart's zoom: the last 5 minutes, the last hour, or everything matched. */
export const ZOOMS = ['5m', '1h', 'all'] as const
export type Zoom = (typeof ZOOMS)[number]

const SPAN_SECONDS: Record<Zoom, number | null> = { '5m': 300, '1h': 3_600, all: null }

/**
 * The time range (epoch seconds) a zoom shows, ending now; null shows every point.
 * visibleRange('5m', 1_000_000) → { from: 999_700, to: 1_000_000 }.
 */
export function visibleRange(zoom: Zoom, nowSeconds: number) {
  const span = SPAN_SECONDS[zoom]
  return span === null ? null : { from: nowSeconds - span, to: nowSeconds }
}
