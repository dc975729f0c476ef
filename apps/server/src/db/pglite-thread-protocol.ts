/** Messages between the server and the worker thread that owns the embedded store. */
export type ThreadRequest =
  | {
      kind: 'query'
      id: number
      sql: string
      params: readonly unknown[]
      /** Run as this named prepared statement, prepared first if the thread has not yet. */
      name?: string
    }
  | { kind: 'close'; id: number }

/** A statement's result as PGlite gives it, or its error's message and fields. */
export type ThreadReply =
  | {
      id: number
      rows: unknown[]
      affectedRows?: number
      fields: { name: string; dataTypeID: number }[]
    }
  | {
      id: number
      error: { message: string } & Record<string, unknown>
      /** Whether the store is in a transaction after the error. */
      inTransaction: boolean
    }

/** The id of the reply the thread sends once its store is open (passed in its workerData). */
export const READY_ID = 0
