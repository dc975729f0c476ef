import DataLoader from 'dataloader'

/**
 * Reads rows by key with one query for every caller that asks in the same turn of the event
 * loop, so a burst of calls costs one round trip. Nothing is cached: each caller reads the row as
 * it stands after it asked, so a logout, a lock or an exclusion applies to the very next call.
 * `readMany` gets each key once and answers the rows it found.
 */
export function batchedReader<K, V>(
  readMany: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
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
  return (key) => loader.load(key)
}
