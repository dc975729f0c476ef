/**
 * Whether an error means the store could not be reached or is not the primary (a failover in
 * progress, a restart, a cut network) rather than a fault of ours: the request may be tried
 * again, and is answered 503. PostgreSQL's classes 08 (connection) and 57P0x (shutdown), a
 * standby's 25006 (read-only), and the socket errors and messages node-postgres gives.
 */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[123]|25006)$/
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery)|Client has encountered a connection error|Client was closed and is not queryable/

export function storeUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown }
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))
    )
      return true
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    e = cause
  }
  return false
}
