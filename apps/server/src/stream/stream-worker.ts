/**
 * A stream worker process (see StreamWorkers): takes over upgraded connections from the server
 * process and runs the stream protocol for them, so one price change is written to the sockets of
 * several processes at once. Channel messages, images and token checks come from the server
 * process over IPC.
 */
import { EventEmitter } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import pino from 'pino'
import { WebSocketServer } from 'ws'
import { systemClock } from '../clock'
import type { BusHandler } from './message-bus'
import { SOCKET_OPTIONS, startStream } from './stream-setup'
import {
  CALL_NAMES,
  type CallName,
  type FromWorker,
  type StreamCalls,
  type ToWorker,
  type WorkerSettings,
} from './worker-protocol'

const send = (message: FromWorker) => process.send?.(message)

const channels = new EventEmitter()
// One listener per channel the hub follows: thousands are normal, not a leak.
channels.setMaxListeners(0)
const bus = {
  subscribe(channel: string, handler: BusHandler) {
    if (channels.listenerCount(channel) === 0) send({ kind: 'subscribe', channel })
    channels.on(channel, handler)
    return () => {
      channels.off(channel, handler)
      if (channels.listenerCount(channel) === 0) send({ kind: 'unsubscribe', channel })
    }
  },
}

const answers = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
let lastCallId = 0
const call = (name: CallName, arg: unknown) =>
  new Promise((resolve, reject) => {
    const id = ++lastCallId
    answers.set(id, { resolve, reject })
    send({ kind: 'call', id, name, arg })
  })
const calls = Object.fromEntries(
  CALL_NAMES.map((name) => [name, (arg: unknown) => call(name, arg)]),
) as unknown as StreamCalls

let stream: ReturnType<typeof startStream> | undefined
const sockets = new WebSocketServer({ ...SOCKET_OPTIONS, noServer: true })

function start(settings: WorkerSettings) {
  const log = pino({ level: settings.logLevel, base: { streamWorker: process.pid } })
  stream = startStream({ ...settings, bus, calls, clock: systemClock, log })
}

function adopt(message: Extract<ToWorker, { kind: 'upgrade' }>, socket: Socket) {
  const request = { ...message.request, socket } as unknown as IncomingMessage
  sockets.handleUpgrade(request, socket, Buffer.from(message.head, 'base64'), (ws) => {
    stream?.server.accept(ws, socket)
  })
}

process.on('message', (message: ToWorker, handle?: Socket) => {
  switch (message.kind) {
    case 'start':
      return start(message.settings)
    case 'upgrade':
      return handle ? adopt(message, handle) : undefined
    case 'message':
      channels.emit(message.channel, message.message)
      return
    case 'answer': {
      const waiting = answers.get(message.id)
      answers.delete(message.id)
      if (message.ok) waiting?.resolve(message.value)
      else waiting?.reject(new Error(message.error))
      return
    }
    case 'goodbye':
      stream?.close()
      return
    case 'exit':
      process.exit(0)
  }
})
// Without the server process there is nothing to stream.
process.on('disconnect', () => process.exit(0))
