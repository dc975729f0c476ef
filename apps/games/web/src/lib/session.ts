import { useSyncExternalStore } from 'react'

type Player = { displayName: string; balance: number }
const KEY = 'backlay-games-session'

/**
 * The frame's session storage, or memory when the browser denies storage to third-party frames
 * (blocked third-party cookies block it too): then a reload of the frame needs a new launch.
 */
const store: Pick<Storage, 'getItem' | 'setItem'> = (() => {
  try {
    const storage = window.sessionStorage
    storage.getItem(KEY)
    return storage
  } catch {
    const memory = new Map<string, string>()
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) }
  }
})()

let player: Player | undefined = (() => {
  const raw = store.getItem(`${KEY}:player`)
  return raw ? (JSON.parse(raw) as Player) : undefined
})()
const listeners = new Set<() => void>()

export const sessionId = (): string | undefined => store.getItem(KEY) ?? undefined

export const setSession = (id: string, next: Player) => {
  store.setItem(KEY, id)
  setPlayer(next)
}

const setPlayer = (next: Player) => {
  player = next
  store.setItem(`${KEY}:player`, JSON.stringify(next))
  for (const listener of listeners) listener()
}

/**
 * Frame protocol: `{ type: 'balance' }` tells the brand page that the player's money moved, so it
 * refreshes the balance from its own server (the message carries no amount: any parent may read it).
 */
export const setBalance = (balance: number) => {
  if (!player || player.balance === balance) return
  setPlayer({ ...player, balance })
  if (window.parent !== window) window.parent.postMessage({ type: 'balance' }, '*')
}

export const usePlayer = (): Player | undefined =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => player,
  )

type Answer<T> = { status: true; data: T } | { status: false; msg: string; code: string }

/** JSON call to the games server with the session header. */
export const api = async <T>(path: string, body?: unknown): Promise<Answer<T>> => {
  const id = sessionId()
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(id ? { authorization: `Bearer ${id}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return (await response.json()) as Answer<T>
}
