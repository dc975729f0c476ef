import { useCallback, useEffect, useRef, useState } from 'react'
import type {
  CrashClientMessage,
  CrashServerMessage,
  CrashSnapshot,
  PublicBet,
} from '../../../../src/crash/protocol'
import { sessionId, setBalance } from '../../lib/session'

export type CrashView = CrashSnapshot & { me?: PublicBet; offset: number; error?: string }

const reduce = (view: CrashView | undefined, m: CrashServerMessage): CrashView | undefined => {
  const offset = 'serverNow' in m ? m.serverNow - Date.now() : (view?.offset ?? 0)
  if (m.type === 'snapshot') return { ...m.snapshot, ...(m.me ? { me: m.me } : {}), offset }
  if (!view) return view
  switch (m.type) {
    case 'betting': {
      const { me: _me, crashPoint: _c, hash: _h, startedAt: _s, crashedAt: _x, ...rest } = view
      return {
        ...rest,
        phase: 'betting',
        gameNumber: m.gameNumber,
        bettingEndsAt: m.bettingEndsAt,
        bets: [],
        offset,
      }
    }
    case 'start':
      return { ...view, phase: 'running', startedAt: m.startedAt, offset }
    case 'bet':
      return { ...view, bets: [...view.bets, m.bet], offset }
    case 'cashout':
      return {
        ...view,
        bets: view.bets.map((b) => (b.name === m.bet.name && !b.cashedAt ? m.bet : b)),
        offset,
      }
    case 'crash':
      return {
        ...view,
        phase: 'crashed',
        crashPoint: m.round.crashPoint,
        hash: m.round.hash,
        crashedAt: m.crashedAt,
        history: [m.round, ...view.history].slice(0, 30),
        bets: view.bets.map((b) => (b.cashedAt ? b : { ...b, lost: true })),
        ...(view.me && !view.me.cashedAt ? { me: { ...view.me, lost: true } } : {}),
        offset,
      }
    case 'result':
      if (!m.ok) return { ...view, error: m.msg }
      setBalance(m.balance)
      return { ...view, me: m.me, error: undefined } as CrashView
  }
}

/** The crash game's live state from /ws/crash, reconnecting after a drop. */
export const useCrashSocket = () => {
  const [view, setView] = useState<CrashView>()
  const socket = useRef<WebSocket | undefined>(undefined)
  useEffect(() => {
    let closed = false
    let retry: ReturnType<typeof setTimeout> | undefined
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
      const ws = new WebSocket(`${scheme}://${location.host}/ws/crash?session=${sessionId() ?? ''}`)
      socket.current = ws
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as CrashServerMessage
        if (message.type === 'snapshot' && message.balance !== undefined)
          setBalance(message.balance)
        setView((v) => reduce(v, message))
      }
      ws.onclose = () => {
        if (!closed) retry = setTimeout(connect, 1_000)
      }
    }
    connect()
    return () => {
      closed = true
      clearTimeout(retry)
      socket.current?.close()
    }
  }, [])
  const send = useCallback(
    (message: CrashClientMessage) => socket.current?.send(JSON.stringify(message)),
    [],
  )
  return { view, send }
}
