// `npm start` at the repository root: the Backlay server and the games server side by side, each
// told where the other is and given the casino-wallet secret the server keeps under its DATA_DIR.
// Ctrl-C or SIGTERM stops both; when one exits, the other is stopped too.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { casinoWalletSecret } from '../src/kept-secrets'

const env = process.env
const serverPort = env.PORT ?? '8080'
const gamesPort = env.GAMES_PORT ?? '8090'
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const serverDir = join(repoRoot, 'apps/server')
const shared = {
  ...env,
  CASINO_WALLET_SECRET: casinoWalletSecret({
    DATA_DIR: resolve(serverDir, env.DATA_DIR || './data'),
    CASINO_WALLET_SECRET: env.CASINO_WALLET_SECRET || undefined,
  }),
  BACKLAY_WALLET_URL: env.BACKLAY_WALLET_URL ?? `http://127.0.0.1:${serverPort}`,
  GAMES_ORIGIN: env.GAMES_ORIGIN ?? `http://localhost:${gamesPort}`,
  GAMES_FRAME_ANCESTORS:
    env.GAMES_FRAME_ANCESTORS ??
    `http://localhost:${serverPort} http://127.0.0.1:${serverPort} http://localhost:5173`,
}

const tsx = join(repoRoot, 'node_modules/.bin/tsx')
// Each server runs in its own process group (tsx starts node as a child), so a stop reaches all of it.
const children = ['apps/server', 'apps/games'].map((workspace) =>
  spawn(tsx, ['src/main.ts'], {
    cwd: join(repoRoot, workspace),
    env: shared,
    stdio: 'inherit',
    detached: true,
  }),
)

let stopping = false
const stopAll = (signal: NodeJS.Signals) => {
  if (stopping) return
  stopping = true
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    try {
      if (child.pid !== undefined) process.kill(-child.pid, signal)
    } catch {
      // That group is already gone.
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal))
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM')
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(code ?? 0)
    }
  })
}
