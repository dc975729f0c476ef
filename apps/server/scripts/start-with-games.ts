// `npm start` at the repository root: the Backlay server and the games server side by side, each
// told where the other is and given the casino-wallet secret the server keeps under its DATA_DIR.
// Ctrl-C or SIGTERM stops both; when one exits, the other is stopped too (supervise.ts).
import { join, resolve } from 'node:path'
import { casinoWalletSecret } from '../src/kept-secrets'
import { repoRoot, startWorkspace, supervisedGroup } from './supervise'

const env = process.env
const serverPort = env.PORT ?? '8080'
const gamesPort = env.GAMES_PORT ?? '8090'
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

const group = supervisedGroup()
for (const workspace of ['apps/server', 'apps/games']) group.add(startWorkspace(workspace, shared))
