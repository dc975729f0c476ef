import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { CrashChain } from './engine'
import { buildChain } from './fair'

type Stored = { seed: string; salt: string; length: number; terminatingHash: string; next: number }

/**
 * The crash game's hash chain, kept in a JSON file so a restart never replays a revealed hash:
 * the next game number is written before its round opens. The seed is the secret of the chain;
 * the file must be as private as any key. A used-up chain throws: publish a new one.
 */
export const openChainStore = async (options: {
  file: string
  salt: string
  length: number
}): Promise<CrashChain & { revealed(gameNumber: number): string | undefined }> => {
  let stored: Stored
  try {
    stored = JSON.parse(await readFile(options.file, 'utf8')) as Stored
  } catch {
    const seed = randomBytes(32).toString('hex')
    const { terminatingHash } = await buildChain(seed, options.length)
    stored = { seed, salt: options.salt, length: options.length, terminatingHash, next: 1 }
    await save(options.file, stored)
  }
  const { games, terminatingHash } = await buildChain(stored.seed, stored.length)
  if (terminatingHash !== stored.terminatingHash) throw new Error('crash chain file is corrupt')
  let inPlay = stored.next
  return {
    salt: stored.salt,
    terminatingHash,
    length: stored.length,
    async take() {
      const gameNumber = stored.next
      const hash = games[gameNumber - 1]
      if (!hash) throw new Error('crash chain used up: publish a new terminating hash')
      stored = { ...stored, next: gameNumber + 1 }
      await save(options.file, stored)
      inPlay = gameNumber
      return { gameNumber, hash }
    },
    /** The hash of a game that has finished (played before the one now in play), else undefined. */
    revealed: (gameNumber) =>
      Number.isInteger(gameNumber) && gameNumber >= 1 && gameNumber < inPlay
        ? games[gameNumber - 1]
        : undefined,
  }
}

const save = async (file: string, stored: Stored) => {
  await mkdir(dirname(file), { recursive: true })
  await writeFile(`${file}.tmp`, JSON.stringify(stored), { mode: 0o600 })
  await rename(`${file}.tmp`, file)
}
