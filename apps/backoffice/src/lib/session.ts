import type { Operator } from '@backlay/contract/admin'
import { useSyncExternalStore } from 'react'

/** The signed-in operator, kept in localStorage so a reload stays signed in until the token expires. */
export interface ConsoleSession {
  token: string
  expiresAt: number
  operator: Operator
}

const KEY = 'backoffice.session'
const listeners = new Set<() => void>()

const read = (): ConsoleSession | null => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as ConsoleSession | null
    return stored && stored.expiresAt * 1000 > Date.now() ? stored : null
  } catch {
    return null
  }
}

let current = read()

export const session = {
  get: () => current,
  set(next: ConsoleSession | null) {
    current = next
    if (next) localStorage.setItem(KEY, JSON.stringify(next))
    else localStorage.removeItem(KEY)
    for (const l of listeners) l()
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export const useSession = () => useSyncExternalStore(session.subscribe, session.get)
