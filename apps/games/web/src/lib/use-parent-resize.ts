import { useEffect } from 'react'

/**
 * Tells the brand page that frames us how tall our content is: `{ type: 'resize', height }`.
 * The height is not secret, so any parent may read it; the parent checks that the message comes
 * from our origin before resizing its frame.
 */
export const useParentResize = () => {
  useEffect(() => {
    if (window.parent === window) return
    // The body's own height, not the document's scroll height: that one is at least the frame's
    // height, so each answer of the parent (height + 100) would grow the frame again.
    const post = () =>
      window.parent.postMessage(
        { type: 'resize', height: Math.ceil(document.body.getBoundingClientRect().height) },
        '*',
      )
    const observer = new ResizeObserver(post)
    observer.observe(document.body)
    post()
    return () => observer.disconnect()
  }, [])
}
