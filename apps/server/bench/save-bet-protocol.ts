/** What a server of the saveBet bench prints as its first line: where to send which bets. */
export interface ServerInfo {
  port: number
  tokens: string[]
  /** Each player's application key (the trading API's X-Application), by the token's index. */
  appKeys: string[]
  markets: { id: string; runners: { id: string; back: number }[] }[]
}

/** What the Backlay bench server measured between the bench's 'start' and 'report'. */
export interface LoadStats {
  statements: number
  transactions: number
  /** Time spent waiting for the store's answers, summed over statements (they overlap). */
  statementMs: number
  loopDelayMs: { p50: number; p99: number }
}
