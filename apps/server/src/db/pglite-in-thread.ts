import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { PGliteOptions, Results } from '@electric-sql/pglite'
import { HotStatements } from './hot-statements'
import { READY_ID, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol'

type Artifacts = Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>

const pgliteFiles = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
let artifacts: Promise<Artifacts> | undefined

/**
 * PGlite's code and files, compiled and read once per process and handed to every store's
 * thread. A compiled WebAssembly module crosses threads without being compiled again, so each
 * new thread skips compiling and optimising 10 MB of code, which cost more than the store's own
 * work in a test run that opens a store per file.
 */
const compiledOnce = () => {
  artifacts ??= (async () => {
    const read = (file: string) => readFile(join(pgliteFiles, file))
    return {
      pgliteWasmModule: await WebAssembly.compile(await read('pglite.wasm')),
      initdbWasmModule: await WebAssembly.compile(await read('initdb.wasm')),
      fsBundle: new Blob([await read('pglite.data')]),
    }
  })()
  return artifacts
}

interface Waiter {
  resolve(reply: ThreadReply): void
  reject(error: Error): void
}

/**
 * The embedded store (PGlite) in a worker thread of its own (pglite-thread.js), so its
 * statements run beside the server's event loop instead of on it: while a group write, a
 * settlement or a report runs, other requests and stream frames are still answered. It answers
 * `query` and `close` as PGlite does, which is all Kysely's PGlite dialect calls.
 */
export class PGliteThread {
  private nextId = READY_ID + 1
  private readonly waiters = new Map<number, Waiter>()
  private stopped: Error | null = null
  private readonly hot = new HotStatements()
  /** The texts the thread's one connection runs prepared. */
  private readonly prepared = new Set<string>()

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: ThreadReply) => {
      const waiter = this.waiters.get(reply.id)
      this.waiters.delete(reply.id)
      waiter?.resolve(reply)
    })
    worker.on('error', (error) => this.stop(error))
    worker.on('exit', (code) =>
      this.stop(new Error(`the store's thread ended (exit code ${code})`)),
    )
  }

  /** Opens the store in `dataDir` (in memory when null) on a new thread. */
  static async start(dataDir: string | null): Promise<PGliteThread> {
    const worker = new Worker(new URL('./pglite-thread.js', import.meta.url), {
      workerData: { dataDir, ready: READY_ID, artifacts: await compiledOnce() },
    })
    const thread = new PGliteThread(worker)
    await new Promise((resolve, reject) => thread.waiters.set(READY_ID, { resolve, reject }))
    return thread
  }

  async query<T>(sql: string, params: readonly unknown[] = []): Promise<Results<T>> {
    const name = this.hot.nameOn(this.prepared, sql, params)
    const reply = await this.send({ kind: 'query', id: this.nextId++, sql, params, name })
    if ('error' in reply) {
      const error = Object.assign(new Error(reply.error.message), reply.error)
      if (name && this.hot.againAsItIs(sql, error, reply.inTransaction))
        return this.query(sql, params)
      throw error
    }
    return reply as Results<T>
  }

  /** Closes the store, which writes it out, and ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return
    await this.send({ kind: 'close', id: this.nextId++ })
    await this.worker.terminate()
  }

  private send(request: ThreadRequest): Promise<ThreadReply> {
    if (this.stopped) return Promise.reject(this.stopped)
    return new Promise((resolve, reject) => {
      this.waiters.set(request.id, { resolve, reject })
      this.worker.postMessage(request)
    })
  }

  private stop(error: Error) {
    this.stopped ??= error
    for (const waiter of this.waiters.values()) waiter.reject(error)
    this.waiters.clear()
  }
}
