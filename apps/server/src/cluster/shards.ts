import { createHash } from 'node:crypto'
import { hash32 } from '../feed/prng'

/**
 * Markets are owned in shards: a fixed number, so ownership is a handful of leases however many
 * markets the feed opens, and a market's shard never changes.
 */
export const SHARD_COUNT = 64

/** shardOf('1.2041501001') → a number in [0, SHARD_COUNT). */
export const shardOf = (marketId: string): number => hash32(`market:${marketId}`) % SHARD_COUNT

/**
 * A node's claim on a shard. A cryptographic hash: node ids differ in a few characters (a port,
 * a random tail), and a weak hash of such near-equal texts can leave a node without any shard.
 */
const rendezvousScore = (member: string, shard: number) =>
  createHash('sha256').update(`${member}#${shard}`).digest().readUInt32BE(0)

/**
 * Which live node each shard belongs to: rendezvous hashing, so every node works out the same
 * answer from the same members, and a node joining or leaving moves only the shards it wins or
 * held. Empty when no node is live.
 */
export function assignShards(members: readonly string[]): Map<number, string> {
  const owners = new Map<number, string>()
  if (members.length === 0) return owners
  for (let shard = 0; shard < SHARD_COUNT; shard++) {
    let best = ''
    let bestScore = -1
    for (const member of members) {
      const score = rendezvousScore(member, shard)
      if (score > bestScore || (score === bestScore && member < best)) {
        best = member
        bestScore = score
      }
    }
    owners.set(shard, best)
  }
  return owners
}
