// Process supervision of the start scripts: each server in its own process group (tsx starts
// node as a child), so a stop reaches all of it; Ctrl-C or SIGTERM stops every one, and when one
// exits the others are stopped too.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
const tsx = join(repoRoot, 'node_modules/.bin/tsx')

/** Runs `src/main.ts` of a workspace (`apps/server`) with `env`. */
export const startWorkspace = (workspace: string, env: NodeJS.ProcessEnv): ChildProcess =>
  spawn(tsx, ['src/main.ts'], {
    cwd: join(repoRoot, workspace),
    env,
    stdio: 'inherit',
    detached: true,
  })

/** A group of supervised processes; `add` puts a started one in it. */
export function supervisedGroup() {
  const children: ChildProcess[] = []
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
  return {
    add(child: ChildProcess) {
      children.push(child)
      child.on('exit', (code) => {
        stopAll('SIGTERM')
        if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
          process.exit(code ?? 0)
        }
      })
    },
  }
}
