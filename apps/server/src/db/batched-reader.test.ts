import { describe, expect, it } from 'vitest'
import { batchedReader } from './batched-reader'
import { type KeptRows, OwnWrites } from './own-writes'

/** A reader over `rows` that records the keys of every query it makes. */
function recordingReader(rows: Map<string, number>, kept?: KeptRows<string, number | undefined>) {
  const queries: string[][] = []
  const read = batchedReader(async (keys: string[]) => {
    queries.push(keys)
    return new Map([...rows].filter(([key]) => keys.includes(key)))
  }, kept)
  return { read, queries }
}

/** A store's write to the watched table `t`, as its query log reports it. */
const writeToT = (writes: OwnWrites) =>
  writes.observe({
    level: 'query',
    isStream: false,
    query: {
      sql: 'update "t" set "v" = 1',
      parameters: [],
      query: {} as never,
      queryId: {} as never,
    },
    queryDurationMillis: 1,
  })

describe('batchedReader', () => {
  it('answers the calls of one turn with one query, each key asked once', async () => {
    const { read, queries } = recordingReader(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    )
    const answers = await Promise.all([read('a'), read('b'), read('a'), read('missing')])
    expect(answers).toEqual([1, 2, 1, undefined])
    expect(queries).toEqual([['a', 'b', 'missing']])
  })

  it('reads again on the next call, so a change shows at once', async () => {
    const rows = new Map([['a', 1]])
    const { read, queries } = recordingReader(rows)
    expect(await read('a')).toBe(1)
    rows.set('a', 2)
    expect(await read('a')).toBe(2)
    rows.delete('a')
    expect(await read('a')).toBeUndefined()
    expect(queries).toHaveLength(3)
  })

  it('takes in calls that arrive in other callbacks of the same turn', async () => {
    const { read, queries } = recordingReader(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    )
    // As requests do: each one's token check ends in a callback of its own.
    const inOwnCallback = (key: string) =>
      new Promise((resolve) => setImmediate(() => resolve(read(key))))
    expect(await Promise.all([inOwnCallback('a'), inOwnCallback('b')])).toEqual([1, 2])
    expect(queries).toEqual([['a', 'b']])
  })

  it('fails every call of a batch whose query fails', async () => {
    const read = batchedReader<string, number>(async () => {
      throw new Error('connection lost')
    })
    const answers = await Promise.allSettled([read('a'), read('b')])
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected'])
    await expect(read('a')).rejects.toThrow('connection lost')
  })

  it('with kept rows, answers from memory until its store writes to the table', async () => {
    const rows = new Map([['a', 1]])
    const writes = new OwnWrites()
    const { read, queries } = recordingReader(rows, writes.rows(['t']))
    expect(await read('a')).toBe(1)
    expect(await read('missing')).toBeUndefined()
    expect(await read('a')).toBe(1)
    expect(await read('missing')).toBeUndefined()
    expect(queries).toEqual([['a'], ['missing']])
    rows.set('a', 2)
    writeToT(writes)
    expect(await read('a')).toBe(2)
    expect(queries).toHaveLength(3)
  })

  it('with kept rows, does not keep what a read answered across a write', async () => {
    const rows = new Map([['a', 1]])
    const writes = new OwnWrites()
    const { read, queries } = recordingReader(rows, writes.rows(['t']))
    const inFlight = read('a')
    writeToT(writes)
    expect(await inFlight).toBe(1)
    rows.set('a', 2)
    expect(await read('a')).toBe(2)
    expect(queries).toHaveLength(2)
  })
})
