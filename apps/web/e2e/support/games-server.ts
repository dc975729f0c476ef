import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from './paths'

const GAMES_DIR = join(REPO_ROOT, 'apps/games')
const READY_TIMEOUT_MS = 60_000
const LOG_TAIL_CHARS = 4_000

export interface RunningGamesServer {
  /** e.g. http://127.0.0.1:41235, the provider origin the casino frame must trust */
  origin: string
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })

/**
 * Starts the casino games server (apps/games, its built front end) on `port`, paying through the
 * Backlay server at `walletUrl` and framable by the `frameAncestors` origins. Resolves once its catalogue answers.
 */
export async function startGamesServer(options: {
  port: number
  walletUrl: string
  frameAncestors: string[]
  walletSecret: string
}): Promise<RunningGamesServer> {
  if (!existsSync(join(GAMES_DIR, 'dist/index.html'))) {
    throw new Error('No built games front end: run `npm run build` before the browser tests.')
  }
  const origin = `http://127.0.0.1:${options.port}`
  const dataDir = await mkdtemp(join(tmpdir(), 'backlay-e2e-games-'))
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: GAMES_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      GAMES_HOST: '127.0.0.1',
      GAMES_PORT: String(options.port),
      GAMES_FRAME_ANCESTORS: options.frameAncestors.join(' '),
      BACKLAY_WALLET_URL: options.walletUrl,
      CASINO_WALLET_SECRET: options.walletSecret,
      GAMES_DATA_DIR: dataDir,
      CRASH_CHAIN_LENGTH: '10000',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-LOG_TAIL_CHARS)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)

  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
      await exited(child)
    }
    await rm(dataDir, { recursive: true, force: true })
  }

  const deadline = Date.now() + READY_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`The games server exited with code ${child.exitCode}:\n${log}`)
    }
    try {
      if ((await fetch(`${origin}/api/catalogue`)).ok) return { origin, stop }
    } catch {
      // Not listening yet.
    }
    await sleep(250)
  }
  await stop()
  throw new Error(`The games server did not answer within ${READY_TIMEOUT_MS} ms:\n${log}`)
}
