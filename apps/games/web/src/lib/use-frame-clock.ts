import { useEffect, useState } from 'react'

/** Re-renders on every animation frame while `active`; returns Date.now() of the frame. */
export const useFrameClock = (active: boolean): number => {
  const [now, setNow] = useState(Date.now())
  useEffect(() => {
    if (!active) return
    let frame = requestAnimationFrame(function loop() {
      setNow(Date.now())
      frame = requestAnimationFrame(loop)
    })
    return () => cancelAnimationFrame(frame)
  }, [active])
  return active ? now : Date.now()
}
