import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import type { ServerInfo } from './save-bet-protocol'

const here = dirname(fileURLToPath(import.meta.url))

/**
 * Starts a bench server script of this folder in a process of its own (a fresh DATA_DIR, no
 * feed ticks, no rate limit in the way) and waits for the ServerInfo line it prints first.
 * `profileDir` writes its V8 CPU profile there; such a server must exit by SIGINT to write it.
 */
export async function startBenchServer(
  script: string,
  env: Record<string, string>,
  profileDir?: string,
) {
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(here, script)], {
    cwd: join(here, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      FEED_TICK_MS: '0',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      BETFAIR_STREAM_PORT: '0',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'backlay-bench-')),
      // Many sessions send thousands of calls a second here, far past what a player's session
      // may (RATE_LIMIT_PER_SESSION): the benches measure the call's path, so no budget runs out.
      RATE_LIMIT_PER_SESSION: '1000000000',
      RATE_LIMIT_PER_ADDRESS: '1000000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  })
  const info = await new Promise<ServerInfo>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) =>
      resolve(JSON.parse(line) as ServerInfo),
    )
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)))
  })
  return { child, info }
}
