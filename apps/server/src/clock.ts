/** The server's only source of "now" (epoch milliseconds), injected so tests and the feed control time. */
export interface Clock {
  now(): number
}

export const systemClock: Clock = { now: () => Date.now() }
