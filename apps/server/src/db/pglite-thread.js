// JavaScript, not TypeScript, so the thread starts without a TypeScript loader of its own:
// registering one in each new thread took longer than opening the store.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'
import { parseInt8 } from './int8.js'

/**
 * The worker thread that owns the embedded store (see pglite-in-thread.ts): it runs each
 * statement it is sent, in the order sent, and answers with the rows or the error's fields.
 * @typedef {import('./pglite-thread-protocol').ThreadRequest} ThreadRequest
 * @typedef {import('./pglite-thread-protocol').ThreadReply} ThreadReply
 */
const port = parentPort
if (!port) throw new Error('pglite-thread.js runs as a worker thread')
/** @type {{ dataDir: string | null, ready: number, artifacts: import('@electric-sql/pglite').PGliteOptions }} */
const { dataDir, ready, artifacts } = workerData
const client = new PGlite({
  ...(dataDir ? { dataDir } : {}),
  ...artifacts,
  parsers: { [types.INT8]: parseInt8 },
})
await client.waitReady

/** @param {ThreadReply} reply */
const answer = (reply) => port.postMessage(reply)

port.on('message', async (/** @type {ThreadRequest} */ request) => {
  if (request.kind === 'close') {
    await client.close()
    answer({ id: request.id, rows: [], fields: [] })
    return
  }
  try {
    const { rows, affectedRows, fields } = await client.query(request.sql, [...request.params])
    answer({
      id: request.id,
      rows,
      fields,
      ...(affectedRows === undefined ? {} : { affectedRows }),
    })
  } catch (err) {
    // An Error crosses threads without its own fields (code, constraint, detail): send them.
    const { message, ...fields } = /** @type {Error & Record<string, unknown>} */ (err)
    answer({ id: request.id, error: { ...fields, message } })
  }
})
answer({ id: ready, rows: [], fields: [] })
