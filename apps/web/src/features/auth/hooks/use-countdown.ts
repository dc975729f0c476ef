import { useEffect, useState } from 'react'

/** Seconds left of a countdown restarted by `start(n)`; ticks once a second down to 0. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0)
  useEffect(() => {
    if (left <= 0) return
    const id = setTimeout(() => setLeft((s) => s - 1), 1_000)
    return () => clearTimeout(id)
  }, [left])
  return [left, setLeft]
}
