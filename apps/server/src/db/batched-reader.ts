import DataLoader from 'dataloader'
import type { KeptRows } from './own-writes'

/**
 * Reads rows by key with one query for every caller that asks in the same turn of the event
 * loop, so a burst of calls costs one round trip. Without `kept` nothing is kept: each caller
 * reads the row as it stands after it asked, so a logout, a lock or an exclusion applies to the
 * very next call. With `kept` (a process that is its store's only writer, see OwnWrites) a row
 * read is kept until a write to its tables, which keeps that promise without a query each time.
 * `readMany` gets each key once and answers the rows it found.
 */
export function batchedReader<K, V>(
  readMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
  kept?: KeptRows<K, V | undefined>,
): (key: K) => Promise<V | undefined> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = await readMany([...new Set(keys)])
      return keys.map((key) => found.get(key))
    },
    // DataLoader's default dispatch (once the pending promise jobs are done) would send about one
    // query per request: each request's token check ends in a callback of its own. setImmediate
    // waits for every callback of this turn of the loop.
    { cache: false, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  )
  if (!kept) return (key) => loader.load(key)
  return async (key) => {
    if (kept.has(key)) return kept.get(key)
    const since = kept.since()
    const row = await loader.load(key)
    kept.keep(key, row, since)
    return row
  }
}
