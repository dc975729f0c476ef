import { useSyncExternalStore } from 'react'

/** Betting §9: the desktop layout (sidebar, centred popup) starts at 1024 px. */
const QUERY = '(min-width: 1024px)'

const subscribe = (onChange: () => void) => {
  const list = window.matchMedia(QUERY)
  list.addEventListener('change', onChange)
  return () => list.removeEventListener('change', onChange)
}

export const useDesktop = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  )
