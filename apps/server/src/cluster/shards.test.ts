import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assignShards, SHARD_COUNT, shardOf } from './shards'

const nodes = (n: number) => Array.from({ length: n }, (_, i) => `node-${i}`)

describe('shardOf', () => {
  it('puts a market in one shard for good, and spreads markets over them all', () => {
    expect(shardOf('1.2041501001')).toBe(shardOf('1.2041501001'))
    const used = new Set(Array.from({ length: 2_000 }, (_, i) => shardOf(`1.${20415010 + i}`)))
    expect(used.size).toBe(SHARD_COUNT)
  })
})

describe('assignShards', () => {
  it('gives every shard to exactly one live node, the same whatever order the nodes are listed in', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1 }), { minLength: 1, maxLength: 6 }),
        (members) => {
          const owners = assignShards(members)
          expect(owners.size).toBe(SHARD_COUNT)
          for (const owner of owners.values()) expect(members).toContain(owner)
          expect(assignShards([...members].reverse())).toEqual(owners)
        },
      ),
    )
  })

  it('moves only the leaving node’s shards when one leaves', () => {
    const before = assignShards(nodes(3))
    const after = assignShards(nodes(3).filter((n) => n !== 'node-1'))
    for (const [shard, owner] of before)
      if (owner !== 'node-1') expect(after.get(shard)).toBe(owner)
  })

  it('gives each of three nodes a fair part', () => {
    const counts = new Map<string, number>()
    for (const owner of assignShards(nodes(3)).values())
      counts.set(owner, (counts.get(owner) ?? 0) + 1)
    for (const n of counts.values()) expect(n).toBeGreaterThan(SHARD_COUNT / 6)
  })

  it('is empty with no live node', () => {
    expect(assignShards([]).size).toBe(0)
  })
})
