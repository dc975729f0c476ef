import { useSyncExternalStore } from 'react'

/** Shell §2/§9: the desktop layout starts at 1024 px wide. */
export const DESKTOP_QUERY = '(min-width: 1024px)'

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(DESKTOP_QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

export const useIsDesktop = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  )
