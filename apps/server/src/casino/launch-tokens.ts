import { createHash, randomBytes } from 'node:crypto'
import type { CasinoGameId } from '@backlay/contract/casino-launch'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database } from '../db/schema'

/** Only the hash is stored, so the table alone cannot open a game as the player. */
export const hashLaunchToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex')

/** A random one-time launch token for `game`, valid `ttlSeconds`, bound to the player. */
export async function mintLaunchToken(
  db: Kysely<Database>,
  clock: Clock,
  input: { userId: string; game: CasinoGameId; ttlSeconds: number },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('casino_launch_tokens')
    .values({
      token_hash: hashLaunchToken(token),
      user_id: input.userId,
      game: input.game,
      expires_at: new Date(clock.now() + input.ttlSeconds * 1000),
    })
    .execute()
  return token
}
