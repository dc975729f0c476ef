import { useSyncExternalStore } from 'react'

type Player = { displayName: string; balance: number }
const KEY = 'backlay-games-session'

let player: Player | undefined = (() => {
  const raw = sessionStorage.getItem(`${KEY}:player`)
  return raw ? (JSON.parse(raw) as Player) : undefined
})()
const listeners = new Set<() => void>()

export const sessionId = (): string | undefined => sessionStorage.getItem(KEY) ?? undefined

export const setSession = (id: string, next: Player) => {
  sessionStorage.setItem(KEY, id)
  setPlayer(next)
}

const setPlayer = (next: Player) => {
  player = next
  sessionStorage.setItem(`${KEY}:player`, JSON.stringify(next))
  for (const listener of listeners) listener()
}

export const setBalance = (balance: number) => {
  if (player) setPlayer({ ...player, balance })
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
