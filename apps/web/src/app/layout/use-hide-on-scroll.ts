import { useEffect, useState } from 'react'

const THRESHOLD_PX = 60

/** Shell §2: the header slides up while the page scrolls down and returns on the way up. */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    // Not window.scrollY: read right after the first commit it makes the browser lay out the
    // whole new page inside that task. A page opens at the top; after a restored scroll the first
    // event measures from there, which only decides that first move.
    let last = 0
    const onScroll = () => {
      const y = window.scrollY
      if (Math.abs(y - last) < 8) return
      setHidden(y > last && y > THRESHOLD_PX)
      last = y
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return hidden
}
