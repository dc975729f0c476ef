import type { MarketDepth } from '@backlay/contract/ladder'
import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import type { RaceItem } from '@backlay/contract/racing'
import {
  type ClientMessage,
  type DepthMessage,
  type FancyMessage,
  type ServerMessage,
  STREAM_HEARTBEAT_MS,
  STREAM_PATH,
  serverMessage,
  type TradesMessage,
} from '@backlay/contract/stream'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { startTransition, useEffect, useState } from 'react'
import {
  type MarketMessage,
  type PriceHistory,
  patchFancies,
  patchHistory,
  patchMarket,
  patchRace,
} from './stream-patches'
import { showToast } from './toast'

/**
 * The one place stream pushes reach the app (STYLE: realtime updates the query cache, never
 * components). Screens say which markets and session matches they show with `useMarketStream`;
 * this module keeps one socket, subscribes by reference count, resumes after gaps and drops,
 * and patches the cached answers of the HTTP calls so every screen reads one source. While the
 * socket is down `useStreamConnected()` is false and the queries fall back to polling (§9).
 */

/** Query keys the stream keeps fresh (the features' api files use the same first segments). */
export const STREAMED_KEYS = {
  matchDetails: ['match-details'],
  raceOdds: ['race-odds'],
  racingMarkets: ['racing-markets'],
  fancies: ['fancies'],
  priceHistory: ['price-history'],
  /** One-click ladders: a market's every price (features/ladder). */
  ladder: ['ladder'],
  autoCashOut: ['auto-cash-out'],
  teamPosition: ['team-position'],
  fancyLiability: ['fancy-liability'],
  openBets: ['open-bets'],
  unmatchedBets: ['unmatched-bets'],
  /** The shell's balance query (header and Available Credit read the same entry). */
  balance: ['user', 'balance'],
} as const satisfies Record<string, QueryKey>

/** What only the player's own messages keep fresh: none is replayed after a gap. */
const PRIVATE_KEYS = [
  STREAMED_KEYS.openBets,
  STREAMED_KEYS.unmatchedBets,
  STREAMED_KEYS.fancyLiability,
  STREAMED_KEYS.teamPosition,
  STREAMED_KEYS.autoCashOut,
  STREAMED_KEYS.balance,
] as const

/**
 * After a (re)connect, private state may have moved while the socket was away, on any page, with
 * or without a market followed (contract: refetch once over HTTP).
 */
export function refetchPrivateState(client: QueryClient): void {
  for (const queryKey of PRIVATE_KEYS) void client.invalidateQueries({ queryKey })
}

const patchList = <M>(
  list: M[] | undefined,
  msg: MarketMessage,
  patch: (item: M, msg: MarketMessage) => M,
) => {
  if (!list) return list
  let changed = false
  const next = list.map((m) => {
    const p = patch(m, msg)
    if (p !== m) changed = true
    return p
  })
  return changed ? next : list
}

/** How a ladder's book takes a `depth` message: the ladder feature's, given when one opens. */
export type DepthPatch = (
  depth: MarketDepth | undefined,
  msg: DepthMessage,
) => MarketDepth | undefined
let depthPatch: DepthPatch | null = null

export function applyMessage(client: QueryClient, msg: ServerMessage): void {
  switch (msg.type) {
    case 'image':
    case 'prices':
    case 'status':
      client.setQueriesData<MarketDetail[]>({ queryKey: STREAMED_KEYS.matchDetails }, (list) =>
        patchList(list, msg, patchMarket),
      )
      client.setQueriesData<MarketDetail>({ queryKey: STREAMED_KEYS.raceOdds }, (m) =>
        m ? patchMarket(m, msg) : m,
      )
      client.setQueriesData<RaceItem[]>({ queryKey: STREAMED_KEYS.racingMarkets }, (list) =>
        patchList(list, msg, patchRace),
      )
      return
    case 'trades':
      client.setQueryData<PriceHistory>([...STREAMED_KEYS.priceHistory, msg.market_id], (h) =>
        h ? patchHistory(h, msg) : h,
      )
      return
    case 'depth':
      client.setQueryData<MarketDepth>([...STREAMED_KEYS.ladder, msg.market_id], (depth) =>
        depthPatch ? depthPatch(depth, msg) : depth,
      )
      return
    case 'fancy':
      client.setQueryData<Fancy[]>([...STREAMED_KEYS.fancies, msg.match_id], (lines) =>
        lines || msg.image ? patchFancies(lines ?? [], msg) : lines,
      )
      return
    case 'position': {
      const pl = new Map(msg.positions.map((p) => [p.selection_id, p.user_pl]))
      client.setQueriesData<MarketDetail[]>({ queryKey: STREAMED_KEYS.matchDetails }, (list) =>
        list?.map((m) =>
          m.market_id === msg.market_id
            ? {
                ...m,
                runners: m.runners.map((r) => ({
                  ...r,
                  win_loss: pl.get(r.selectionId) ?? r.win_loss,
                })),
              }
            : m,
        ),
      )
      void client.invalidateQueries({ queryKey: STREAMED_KEYS.teamPosition })
      return
    }
    case 'order':
      void client.invalidateQueries({ queryKey: STREAMED_KEYS.openBets })
      void client.invalidateQueries({ queryKey: STREAMED_KEYS.unmatchedBets })
      void client.invalidateQueries({ queryKey: STREAMED_KEYS.fancyLiability })
      return
    case 'balance':
      client.setQueryData(STREAMED_KEYS.balance, { balance: msg.balance, liability: msg.liability })
      return
    case 'autoCashOut':
      // The server acted on its own: the player hears it wherever they are.
      showToast({ type: msg.state === 'DONE' ? 'success' : 'error', message: msg.msg, shell: true })
      for (const key of [
        STREAMED_KEYS.autoCashOut,
        STREAMED_KEYS.openBets,
        STREAMED_KEYS.teamPosition,
      ])
        void client.invalidateQueries({ queryKey: key })
      return
    default:
      return
  }
}

// ---- the connection ----

type Listener = () => void

interface Binding {
  client: QueryClient
  getToken: () => string | null
  /** Test and dev seam: a different origin for the socket. */
  url?: string
}

const RECONNECT_MIN_MS = 1_000
const RECONNECT_MAX_MS = 15_000

class Stream {
  private socket: WebSocket | null = null
  private binding: Binding | null = null
  private connected = false
  private listeners = new Set<Listener>()
  /** How many screens follow each channel, and the last seq seen on it. */
  private refs = channelMaps()
  private seqs = channelMaps()
  private retryMs = RECONNECT_MIN_MS
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined
  private lastHeard = 0
  private sentToken: string | null = null

  ensure(binding: Binding) {
    if (this.binding) return
    this.binding = binding
    this.open()
  }

  isConnected = () => this.connected

  onChange = (listener: Listener) => {
    this.listeners.add(listener)
    return () => {
      this.listeners.delete(listener)
    }
  }

  /** Called when the session's token changes: private messages follow `auth`. */
  tokenChanged() {
    const token = this.binding?.getToken() ?? null
    if (!this.connected || token === this.sentToken) return
    if (token) this.send({ type: 'auth', token })
    else {
      // Private messages cannot be taken back: a logout opens a fresh, anonymous socket.
      this.close()
      this.open()
    }
    this.sentToken = token
  }

  follow(channels: Channels) {
    const fresh = mapChannels(channels, (kind, id) => this.ref(this.refs[kind], id) === 1)
    if (!isEmpty(fresh)) this.send({ type: 'subscribe', ...fresh })
    return () => {
      const gone = mapChannels(channels, (kind, id) => this.unref(this.refs[kind], id) === 0)
      for (const kind of CHANNEL_KINDS) for (const id of gone[kind]) this.seqs[kind].delete(id)
      if (!isEmpty(gone)) this.send({ type: 'unsubscribe', ...gone })
    }
  }

  private ref(map: Map<string, number>, id: string) {
    const n = (map.get(id) ?? 0) + 1
    map.set(id, n)
    return n
  }

  private unref(map: Map<string, number>, id: string) {
    const n = (map.get(id) ?? 1) - 1
    if (n <= 0) map.delete(id)
    else map.set(id, n)
    return Math.max(n, 0)
  }

  private setConnected(on: boolean) {
    if (this.connected === on) return
    this.connected = on
    for (const l of this.listeners) l()
  }

  private send(msg: ClientMessage) {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(msg))
  }

  private open() {
    if (!this.binding || this.socket || typeof WebSocket === 'undefined') return
    const url =
      this.binding.url ??
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${STREAM_PATH}`
    const socket = new WebSocket(url)
    this.socket = socket
    socket.onopen = () => {
      this.retryMs = RECONNECT_MIN_MS
      this.lastHeard = Date.now()
      this.sentToken = null
      this.setConnected(true)
      this.tokenChanged()
      this.resumeAll()
      if (this.binding) refetchPrivateState(this.binding.client)
      this.heartbeatTimer = setInterval(() => this.beat(), STREAM_HEARTBEAT_MS)
    }
    socket.onmessage = (event) => this.receive(event.data)
    socket.onclose = () => {
      if (this.socket !== socket) return
      this.socket = null
      clearInterval(this.heartbeatTimer)
      this.setConnected(false)
      setTimeout(() => this.open(), this.retryMs)
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS)
    }
  }

  private close() {
    const socket = this.socket
    this.socket = null
    clearInterval(this.heartbeatTimer)
    this.setConnected(false)
    socket?.close()
  }

  private beat() {
    if (Date.now() - this.lastHeard > STREAM_HEARTBEAT_MS * 3) {
      this.close()
      this.open()
      return
    }
    this.send({ type: 'heartbeat' })
  }

  /** After a (re)connect: replay from the last seq seen, or subscribe afresh. */
  private resumeAll() {
    const seen = (kind: ChannelKind) =>
      [...this.refs[kind].keys()].filter((id) => this.seqs[kind].has(id))
    const seqOf = (kind: ChannelKind, id: string) => this.seqs[kind].get(id) as number
    const resume = {
      markets: seen('market_ids').map((id) => ({ market_id: id, seq: seqOf('market_ids', id) })),
      fancies: seen('fancy_match_ids').map((id) => ({
        match_id: id,
        seq: seqOf('fancy_match_ids', id),
      })),
      ladders: seen('ladder_market_ids').map((id) => ({
        market_id: id,
        seq: seqOf('ladder_market_ids', id),
      })),
    }
    if (resume.markets.length || resume.fancies.length || resume.ladders.length)
      this.send({ type: 'resume', ...resume })
    const fresh = mapChannels(
      {
        market_ids: [...this.refs.market_ids.keys()],
        fancy_match_ids: [...this.refs.fancy_match_ids.keys()],
        ladder_market_ids: [...this.refs.ladder_market_ids.keys()],
      },
      (kind, id) => !this.seqs[kind].has(id),
    )
    if (!isEmpty(fresh)) this.send({ type: 'subscribe', ...fresh })
  }

  private receive(raw: unknown) {
    this.lastHeard = Date.now()
    if (typeof raw !== 'string' || !this.binding) return
    let parsed: ServerMessage
    try {
      parsed = serverMessage.parse(JSON.parse(raw))
    } catch {
      return
    }
    if ('seq' in parsed && !this.inSequence(parsed)) return
    applyMessage(this.binding.client, parsed)
  }

  /** A gap asks the server to replay; the out-of-order message itself is dropped. */
  private inSequence(msg: MarketMessage | TradesMessage | FancyMessage | DepthMessage): boolean {
    const kind: ChannelKind =
      msg.type === 'fancy'
        ? 'fancy_match_ids'
        : msg.type === 'depth'
          ? 'ladder_market_ids'
          : 'market_ids'
    const id = msg.type === 'fancy' ? msg.match_id : msg.market_id
    const seqs = this.seqs[kind]
    const last = seqs.get(id)
    const isImage =
      msg.type === 'image' || ((msg.type === 'fancy' || msg.type === 'depth') && msg.image)
    if (last !== undefined && !isImage && msg.seq !== last + 1) {
      if (msg.seq <= last) return false
      this.send({
        type: 'resume',
        markets: kind === 'market_ids' ? [{ market_id: id, seq: last }] : [],
        fancies: kind === 'fancy_match_ids' ? [{ match_id: id, seq: last }] : [],
        ladders: kind === 'ladder_market_ids' ? [{ market_id: id, seq: last }] : [],
      })
      return false
    }
    seqs.set(id, msg.seq)
    return true
  }
}

/** The public channels a client follows, by the subscribe message's field for each. */
const CHANNEL_KINDS = ['market_ids', 'fancy_match_ids', 'ladder_market_ids'] as const
type ChannelKind = (typeof CHANNEL_KINDS)[number]
type Channels = Record<ChannelKind, readonly string[]>

const channelMaps = () =>
  Object.fromEntries(CHANNEL_KINDS.map((k) => [k, new Map<string, number>()])) as Record<
    ChannelKind,
    Map<string, number>
  >

/** The ids of each kind that `keep` says yes to (it may count as it goes: called once per id). */
const mapChannels = (channels: Channels, keep: (kind: ChannelKind, id: string) => boolean) =>
  Object.fromEntries(
    CHANNEL_KINDS.map((k) => [k, channels[k].filter((id) => keep(k, id))]),
  ) as Record<ChannelKind, string[]>

const isEmpty = (channels: Record<ChannelKind, string[]>) =>
  CHANNEL_KINDS.every((k) => channels[k].length === 0)

const stream = new Stream()

/**
 * Binds the socket to the query client and the session's token the first time a screen needs
 * it; later calls are no-ops, so any screen may call it.
 */
export const ensureRealtime = (binding: Binding): void => stream.ensure(binding)

export const realtimeTokenChanged = (): void => stream.tokenChanged()

/**
 * True while the socket is open; polling intervals switch on when it is not (§9). Changes arrive
 * as a transition: the socket opens while a page is first drawn, and every table on it reads
 * this, so a blocking update would redraw the whole page in one task on a phone.
 */
export function useStreamConnected(): boolean {
  const [connected, setConnected] = useState(stream.isConnected)
  useEffect(() => {
    const update = () => startTransition(() => setConnected(stream.isConnected()))
    update()
    return stream.onChange(update)
  }, [])
  return connected
}

/** Follows the given markets and matches' session lines while the calling screen is shown. */
export function useMarketStream(
  marketIds: readonly string[],
  fancyMatchIds: readonly string[] = [],
) {
  const markets = marketIds.join(',')
  const fancies = fancyMatchIds.join(',')
  useEffect(
    () =>
      stream.follow({
        market_ids: markets ? markets.split(',') : [],
        fancy_match_ids: fancies ? fancies.split(',') : [],
        ladder_market_ids: [],
      }),
    [markets, fancies],
  )
}

/**
 * Follows a market's every price (its ladder channel) while the calling ladder is open, each
 * `depth` message applied to the cached book with `patch` (the ladder's code stays off the
 * first screen: depth arrives only once a ladder has asked for it).
 */
export function useLadderStream(marketId: string, patch: DepthPatch) {
  useEffect(() => {
    depthPatch = patch
    return stream.follow({ market_ids: [], fancy_match_ids: [], ladder_market_ids: [marketId] })
  }, [marketId, patch])
}
