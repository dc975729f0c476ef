import { useLayoutEffect } from 'react'
import { local } from '../../../lib/storage'

/**
 * Render-to-commit time of a screen as performance measures named `commit:<name>`, switched on
 * by localStorage `backlay.perf` = '1' (the browser performance test sets it). The mark is taken
 * when the screen's render starts and the measure when its layout effects run, which is after
 * every child has committed.
 */
const enabled = () => local.get('backlay.perf') === '1'

export function useCommitTiming(name: string): void {
  const on = enabled()
  if (on) performance.mark(`render:${name}`)
  useLayoutEffect(() => {
    if (on) performance.measure(`commit:${name}`, `render:${name}`)
  })
}
