import { createHash } from 'node:crypto'
import type pg from 'pg'

/** Runs of one statement text after which connections prepare it (pgjdbc's prepareThreshold). */
export const PREPARE_AFTER = 5
/** Statements one connection keeps prepared; past that, other texts run unprepared on it. */
export const PREPARED_PER_CONNECTION = 100
/** Texts counted at once: reaching it starts the count afresh, so one-off texts cannot pile up. */
const COUNTED_TEXTS = 2_000
/** PostgreSQL's code for "cached plan must not change result type" (among others). */
const FEATURE_NOT_SUPPORTED = '0A000'

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown

/**
 * A store's often-run statements, prepared on each of its connections (a PostgreSQL pool's, or
 * PGlite's one, whose thread runs them: pglite-thread.js): from a text's
 * PREPARE_AFTER-th run on, a statement with parameters runs as a named prepared statement, which
 * PostgreSQL parses once per connection and, when the generic plan costs no more than fresh ones,
 * plans once. The group commit's statement spent about a fifth of its time in PostgreSQL being
 * parsed and planned on every run.
 *
 * A prepared statement whose result's columns change under it (a migration adding a column to a
 * table it reads with `*`, while this process runs) fails with FEATURE_NOT_SUPPORTED; its text
 * runs unprepared from then on, at once when it ran outside a transaction, else from the next
 * run (the transaction fails with it).
 */
export class HotStatements {
  readonly #runs = new Map<string, number>()
  readonly #names = new Map<string, string>()
  readonly #refused = new Set<string>()

  /** Makes `client`, a new connection of a PostgreSQL pool, run the hot statements prepared. */
  prepareOn(client: pg.Client): void {
    const run = client.query.bind(client) as Query
    const prepared = new Set<string>()
    const query: Query = (config, values, callback) => {
      const name =
        typeof config === 'string' && Array.isArray(values) && callback === undefined
          ? this.nameOn(prepared, config, values)
          : undefined
      if (!name) return run(config, values, callback)
      return (run({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
        if (this.againAsItIs(config as string, error, client.getTransactionStatus() !== 'I'))
          return run(config, values)
        throw error
      })
    }
    client.query = query as typeof client.query
  }

  /**
   * The name to run `text` under on a connection that has prepared the texts in `prepared` (which
   * this adds to), once it is hot; undefined to run it as it is.
   */
  nameOn(prepared: Set<string>, text: string, params: readonly unknown[]): string | undefined {
    if (params.length === 0 || this.#refused.has(text)) return undefined
    if (!prepared.has(text)) {
      if (!this.#runs.has(text) && this.#runs.size >= COUNTED_TEXTS) this.#runs.clear()
      const runs = (this.#runs.get(text) ?? 0) + 1
      this.#runs.set(text, runs)
      if (runs < PREPARE_AFTER || prepared.size >= PREPARED_PER_CONNECTION) return undefined
      prepared.add(text)
    }
    let name = this.#names.get(text)
    if (!name) {
      name = `backlay_${createHash('sha1').update(text).digest('hex')}`
      this.#names.set(text, name)
    }
    return name
  }

  /**
   * Takes note of a named run's error: a text PostgreSQL will not run prepared runs as it is from
   * now on. Answers whether to run it again so at once: when it failed outside a transaction, the
   * failed run changed nothing; inside one, the transaction has failed with it.
   */
  againAsItIs(text: string, error: unknown, inTransaction: boolean): boolean {
    if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) return false
    this.#refused.add(text)
    return !inTransaction
  }
}
