import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { get } from 'node:https'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import getPort from 'get-port'
import { afterAll, beforeAll } from 'vitest'
import { REPO_ROOT, WEB_DIST } from './paths'

// A cold start migrates a fresh store; on a busy two-core machine that can take minutes.
const READY_TIMEOUT_MS = 240_000
const STOP_TIMEOUT_MS = 10_000
const LOG_TAIL_CHARS = 4_000

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string
  dataDir: string
  /** Stops the server for good and removes its store. */
  stop(): Promise<void>
  /** Stops the server's process, keeping its store and address for `resume`. */
  halt(): Promise<void>
  /** Starts the halted server again on the same address and store; resolves once it answers. */
  resume(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Whether `url` answers 2xx; over https, trusting only `ca` (the server's own certificate). */
const answers = (url: string, ca?: Buffer): Promise<boolean> =>
  ca
    ? new Promise((resolve) => {
        get(url, { ca }, (res) => {
          res.resume()
          resolve((res.statusCode ?? 500) < 300)
        }).on('error', () => resolve(false))
      })
    : fetch(url).then(
        (res) => res.ok,
        () => false,
      )

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

/** Sends a signal to the server's whole process group (tsx runs the app in a child process). */
const signal = (child: ChildProcess, sig: NodeJS.Signals) => {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, sig)
  } catch {
    // The group is already gone.
  }
}

/**
 * Starts the real server (`tsx apps/server/src/main.ts`) on a free port with a fresh DATA_DIR
 * (embedded PGlite) and NODE_ENV=test so the demo brand and players are seeded, serving the
 * built web app. Resolves once `/api/v1/server-time` answers. With TLS_CERT_FILE in `env` the
 * server speaks https (and HTTP/2), its base URL says so, and the certificate is trusted as its own.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(
      `No built web app in ${WEB_DIST}: run \`npm run build\` before the browser tests.`,
    )
  }
  const port = await getPort({ host: '127.0.0.1' })
  const dataDir = await mkdtemp(join(tmpdir(), 'backlay-e2e-'))
  // The server lists the built files once at start; a rebuild of the shared dist by another run
  // would leave it serving an index.html whose assets it does not know. A private copy cannot change.
  const webDist = join(dataDir, 'web')
  await cp(WEB_DIST, webDist, { recursive: true })
  const ca = env.TLS_CERT_FILE ? readFileSync(env.TLS_CERT_FILE) : undefined
  const baseUrl = `${ca ? 'https' : 'http'}://127.0.0.1:${port}`
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // Sign-up and reset tests read the codes from GET /api/v1/dev/otp-outbox.
    DEV_TOOLS: '1',
    // Every browser of the run, signed in or not, shares one address.
    RATE_LIMIT_PER_ADDRESS: '1000000',
    ...env,
  }
  // The browser tests own their store; a DATABASE_URL from the shell must not leak into them.
  if (!('DATABASE_URL' in env)) delete childEnv.DATABASE_URL

  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS)
  }
  const launch = () => {
    const started = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
      cwd: REPO_ROOT,
      env: childEnv,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    started.stdout?.on('data', keep)
    started.stderr?.on('data', keep)
    return started
  }
  let child = launch()

  const halt = async () => {
    signal(child, 'SIGTERM')
    const done = await Promise.race([exited(child).then(() => true), sleep(STOP_TIMEOUT_MS)])
    if (!done) {
      signal(child, 'SIGKILL')
      await exited(child)
    }
  }
  const stop = async () => {
    await halt()
    await rm(dataDir, { recursive: true, force: true })
  }
  /** Answers once the server does, or throws with its log when it exits or never answers. */
  const ready = async () => {
    const deadline = Date.now() + READY_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (child.exitCode !== null)
        throw new Error(
          `The server exited with code ${child.exitCode} before it was ready:\n${log}`,
        )
      if (await answers(`${baseUrl}/api/v1/server-time`, ca)) return
      await sleep(250)
    }
    throw new Error(
      `The server did not answer /api/v1/server-time within ${READY_TIMEOUT_MS} ms:\n${log}`,
    )
  }
  const resume = async () => {
    child = launch()
    await ready()
  }
  try {
    await ready()
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, dataDir, stop, halt, resume }
}

/**
 * A server of the calling test file's own (one that stops it, or replays files), started before
 * its tests and removed after. `const server = serverForFile(env)` at file level, then `server()`.
 */
export function serverForFile(env: Record<string, string>): () => RunningServer {
  let server: RunningServer | undefined
  beforeAll(async () => {
    server = await startServer(env)
  }, READY_TIMEOUT_MS + STOP_TIMEOUT_MS)
  afterAll(() => server?.stop())
  return () => {
    if (!server) throw new Error('serverForFile() must be called at the top level of a test file')
    return server
  }
}
