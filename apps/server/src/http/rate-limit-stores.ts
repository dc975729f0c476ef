import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { Clock } from '../clock'

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1]

/*
 * Stores for @fastify/rate-limit with one set of counters for every route: the limiter's own
 * stores give each route a separate one (`child`), which would let a `groupId` budget be
 * multiplied by routes. Fixed windows.
 */

/** Counters in this process, on the app clock (tests move it). */
export function memoryWindowStore(clock: Clock): FastifyRateLimitStoreCtor {
  const windows = new Map<string, { current: number; start: number }>()
  return class MemoryWindowStore {
    incr(key: string, cb: IncrCallback, timeWindow: number) {
      const now = clock.now()
      if (windows.size > 50_000) {
        for (const [k, w] of windows) if (w.start + timeWindow <= now) windows.delete(k)
      }
      let w = windows.get(key)
      if (!w || w.start + timeWindow <= now) {
        w = { current: 0, start: now }
        windows.set(key, w)
      }
      w.current += 1
      cb(null, { current: w.current, ttl: w.start + timeWindow - now })
    }
    child() {
      return this
    }
  }
}

const PREFIX = 'backlay:rate:'

/** Counters in Redis, so every server process of one install spends the same budget. */
export function redisWindowStore(redis: Redis): FastifyRateLimitStoreCtor {
  return class RedisWindowStore {
    incr(key: string, cb: IncrCallback, timeWindow: number) {
      const k = PREFIX + key
      redis
        .multi()
        .incr(k)
        .pexpire(k, timeWindow, 'NX')
        .pttl(k)
        .exec()
        .then(
          (replies) => {
            const current = Number(replies?.[0]?.[1])
            const ttl = Number(replies?.[2]?.[1])
            cb(null, { current, ttl: ttl > 0 ? ttl : timeWindow })
          },
          (err: Error) => cb(err),
        )
    }
    child() {
      return this
    }
  }
}
