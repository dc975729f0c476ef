import { useSyncExternalStore } from 'react'

const listeners = new Set<() => void>()
window.addEventListener('popstate', () => {
  for (const listener of listeners) listener()
})

/** Client-side navigation inside the games origin. */
export const navigate = (to: string, replace = false) => {
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  for (const listener of listeners) listener()
}

export const useLocation = (): string =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => location.pathname + location.search,
  )
