// JavaScript, not TypeScript, so the thread starts without a TypeScript loader of its own:
// registering one in each new thread took longer than opening the store.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { parseInt8 } from './int8.js'

/**
 * The worker thread that owns the embedded store (see pglite-in-thread.ts): it runs each
 * statement it is sent, one after another in the order sent, and answers with the rows or the
 * error's fields. A statement sent with a name runs as that prepared statement (hot-statements.ts).
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

/** The statements prepared so far, by name: their parameters' types and their result's columns. */
const statements = new Map()
const step = { syncToFs: false }

/**
 * Runs a named prepared statement as PGlite's query runs an unnamed one (bind, execute, sync),
 * after parsing and describing it the first time.
 * @param {string} name @param {string} text @param {readonly unknown[]} params
 */
async function runPrepared(name, text, params) {
  const { serialize } = protocol
  try {
    let statement = statements.get(name)
    if (!statement) {
      await client.execProtocol(serialize.parse({ name, text }), step)
      const { messages } = await client.execProtocol(serialize.describe({ type: 'S', name }), step)
      statement = {
        types: parse.parseDescribeStatementResults(messages),
        columns: messages.filter((m) => m.name === 'rowDescription'),
      }
      statements.set(name, statement)
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = client.serializers[statement.types[i]]
      return serializer ? serializer(value) : String(value)
    })
    const bound = await client.execProtocol(serialize.bind({ statement: name, values }), step)
    const executed = await client.execProtocol(serialize.execute({}), step)
    const messages = [...statement.columns, ...bound.messages, ...executed.messages]
    // One statement, so one result (parseResults makes an empty one when it sees none).
    return /** @type {import('@electric-sql/pglite').Results} */ (
      parse.parseResults(messages, client.parsers)[0]
    )
  } finally {
    await client.execProtocol(serialize.sync(), step)
    if (!client.isInTransaction()) await client.syncToFs()
  }
}

/** @param {ThreadRequest} request */
async function run(request) {
  if (request.kind === 'close') {
    await client.close()
    answer({ id: request.id, rows: [], fields: [] })
    return
  }
  try {
    const { rows, affectedRows, fields } = request.name
      ? await runPrepared(request.name, request.sql, request.params)
      : await client.query(request.sql, [...request.params])
    answer({
      id: request.id,
      rows,
      fields,
      ...(affectedRows === undefined ? {} : { affectedRows }),
    })
  } catch (err) {
    // An Error crosses threads without its own fields (code, constraint, detail): send them.
    const { message, ...fields } = /** @type {Error & Record<string, unknown>} */ (err)
    answer({
      id: request.id,
      error: { ...fields, message },
      inTransaction: client.isInTransaction(),
    })
  }
}

let last = Promise.resolve()
port.on('message', (/** @type {ThreadRequest} */ request) => {
  last = last.then(() => run(request))
})
answer({ id: ready, rows: [], fields: [] })
