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

  it('gives each of three nodes a fair part, however alike their ids', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_024, max: 65_000 }),
        fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 8 }),
        (port, tail) => {
          const ids = [0, 1, 2].map((i) => `backlay-host:${port + i}/${tail}`)
          const counts = new Map<string, number>()
          for (const owner of assignShards(ids).values())
            counts.set(owner, (counts.get(owner) ?? 0) + 1)
          for (const id of ids) expect(counts.get(id) ?? 0).toBeGreaterThan(SHARD_COUNT / 16)
        },
      ),
    )
  })

  it('is empty with no live node', () => {
    expect(assignShards([]).size).toBe(0)
  })
})
