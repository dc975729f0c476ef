import { useEffect } from 'react'

/**
 * Tells the brand page that frames us how tall our content is: `{ type: 'resize', height }`.
 * The height is not secret, so any parent may read it; the parent checks that the message comes
 * from our origin before resizing its frame.
 */
export const useParentResize = () => {
  useEffect(() => {
    if (window.parent === window) return
    const post = () =>
      window.parent.postMessage(
        { type: 'resize', height: document.documentElement.scrollHeight },
        '*',
      )
    const observer = new ResizeObserver(post)
    observer.observe(document.body)
    post()
    return () => observer.disconnect()
  }, [])
}
