import { type ChildProcess, fork } from 'node:child_process'
import { once } from 'node:events'
import type { IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger } from 'fastify'
import type { MessageBus } from './message-bus'
import type { FromWorker, StreamCalls, ToWorker, WorkerSettings } from './worker-protocol'

const WORKER_ENTRY = new URL('./stream-worker.ts', import.meta.url)
/** A worker that has not left this long after `exit` is killed. */
const STOP_TIMEOUT_MS = 2_000

export interface StreamWorkersOptions {
  count: number
  bus: MessageBus
  calls: StreamCalls
  log: FastifyBaseLogger
  settings: WorkerSettings
}

/**
 * Stream worker processes (STREAM_WORKERS): each upgraded stream connection is handed, socket
 * and all, to one of them in turn, and each worker writes its own connections' frames. Writing a
 * frame to a socket is a system call of several microseconds, so one process needs about 90 ms
 * to reach 10,000 clients; workers reach their shares at the same time. The server process keeps
 * the books and the store: it forwards the channels a worker follows and answers its calls
 * (images, token and session checks). A worker that dies is replaced; its clients reconnect and
 * resume.
 */
export class StreamWorkers {
  private readonly workers: ChildProcess[] = []
  private turn = 0
  private stopping = false

  constructor(private readonly opts: StreamWorkersOptions) {
    for (let i = 0; i < opts.count; i++) this.workers.push(this.spawn(i))
  }

  /** Hands an upgrade request and its socket to the next worker, which completes the handshake. */
  handOff(request: IncomingMessage, socket: Socket, head: Buffer) {
    const worker = this.workers[this.turn++ % this.workers.length]
    const message: ToWorker = {
      kind: 'upgrade',
      request: {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
      },
      head: head.toString('base64'),
    }
    // From here the worker reads the socket. This process must stop reading it at once: what it
    // read before the hand-off completes would be dropped, and net.Socket.pause does not stop
    // the handle's reads.
    const handle = (socket as unknown as { _handle?: { readStop(): number } })._handle
    if (!worker?.connected || !handle) return socket.destroy()
    handle.readStop()
    worker.send(message, socket, (err) => {
      if (err) socket.destroy()
    })
  }

  /**
   * Closes every client connection (1001). The HTTP server's close waits for the workers to
   * report their sockets closed, so the workers stay until `exit`.
   */
  goodbye() {
    this.stopping = true
    for (const worker of this.workers)
      if (worker.connected) worker.send({ kind: 'goodbye' } satisfies ToWorker)
  }

  /** Ends the workers (those that do not leave in time are killed). */
  async exit() {
    this.stopping = true
    await Promise.all(
      this.workers.map(async (worker) => {
        if (worker.exitCode !== null || worker.signalCode !== null) return
        const exited = once(worker, 'exit')
        if (worker.connected) worker.send({ kind: 'exit' } satisfies ToWorker)
        const timer = setTimeout(() => worker.kill('SIGKILL'), STOP_TIMEOUT_MS)
        await exited
        clearTimeout(timer)
      }),
    )
  }

  private spawn(slot: number): ChildProcess {
    const worker = fork(WORKER_ENTRY, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: 'inherit',
    })
    const followed = new Map<string, () => void>()
    const tell = (message: ToWorker) => {
      if (worker.connected) worker.send(message)
    }
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'subscribe') {
        followed.get(message.channel)?.()
        followed.set(
          message.channel,
          this.opts.bus.subscribe(message.channel, (m) =>
            tell({ kind: 'message', channel: message.channel, message: m }),
          ),
        )
      } else if (message.kind === 'unsubscribe') {
        followed.get(message.channel)?.()
        followed.delete(message.channel)
      } else {
        const answer = (this.opts.calls[message.name] as (arg: unknown) => Promise<unknown>)(
          message.arg,
        )
        answer.then(
          (value) => tell({ kind: 'answer', id: message.id, ok: true, value }),
          (err: unknown) => {
            this.opts.log.error({ err, call: message.name }, 'stream worker call failed')
            tell({ kind: 'answer', id: message.id, ok: false, error: String(err) })
          },
        )
      }
    })
    worker.once('exit', (code, signal) => {
      for (const unsubscribe of followed.values()) unsubscribe()
      followed.clear()
      if (this.stopping) return
      this.opts.log.error({ code, signal }, 'stream worker exited; starting another')
      this.workers[slot] = this.spawn(slot)
    })
    worker.send({ kind: 'start', settings: this.opts.settings } satisfies ToWorker)
    return worker
  }
}
