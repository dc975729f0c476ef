import { useLayoutEffect } from 'react'
import { local } from './storage'

/**
 * Render-to-commit time of a screen as performance measures named `commit:<name>`, switched on
 * by localStorage `backlay.perf` = '1' (the browser performance test sets it).
 *
 * A price tick re-renders only the parts of a screen that show the changed prices, not the
 * screen itself, so every such part calls this hook. One commit gives one measure: from the
 * render of the first part that calls it to the last of their layout effects (a layout effect
 * runs after the DOM of its whole subtree is committed). The measure is written in a microtask,
 * which runs once React has finished the commit.
 */
// Read once: the flag is set before the app loads, and a tick should not pay for a storage read.
const ON = local.get('backlay.perf') === '1'

interface Pending {
  start: number
  end: number | null
}

const pending = new Map<string, Pending>()

const flush = (name: string) => {
  const timing = pending.get(name)
  if (!timing || timing.end === null) return
  pending.delete(name)
  performance.measure(`commit:${name}`, { start: timing.start, end: timing.end })
}

export function useCommitTiming(name: string): void {
  if (ON) {
    const timing = pending.get(name)
    if (timing?.end != null) flush(name)
    if (!pending.has(name)) pending.set(name, { start: performance.now(), end: null })
  }
  useLayoutEffect(() => {
    const timing = ON ? pending.get(name) : undefined
    if (!timing) return
    if (timing.end === null) queueMicrotask(() => flush(name))
    timing.end = performance.now()
  })
}
