import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * Real Betfair recordings from public repositories (their sources and licences in SOURCE.md
 * there), beside the clone as CI has them: tests read them in place, the project holds no copy.
 */
const DIR = fileURLToPath(new URL('../../../../../shared/betfair-recordings/', import.meta.url))

/** The path of a recording, e.g. `recording('BASIC-1.132153978')`; throws when it is not there. */
export function recording(name: string): string {
  const path = `${DIR}${name}`
  if (!existsSync(path)) throw new Error(`${path} is missing: ../shared must sit beside the clone`)
  return path
}
