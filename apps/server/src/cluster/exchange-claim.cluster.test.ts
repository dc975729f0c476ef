import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { CLAIM_MSG } from './exchange-claim'
import { NATS_URL } from './testing'

/** The trap of a split exchange: processes on one PostgreSQL database without NATS_URL. */
describe('processes on one PostgreSQL database', () => {
  let database: TestDatabase
  const running: TestApp[] = []
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await Promise.all(running.map((t) => t.close()))
    await database?.drop()
  })

  const start = async (mode: 'alone' | 'cluster') => {
    if (database.target.kind !== 'postgres') throw new Error('needs TEST_DB=postgres')
    const env: Record<string, string> =
      mode === 'cluster' ? { DATABASE_URL: database.target.url, NATS_URL, FEED: 'off' } : {}
    const t = await buildTestApp({ database, env: { FEED: 'off', ...env } })
    running.push(t)
    return t
  }

  it('refuse a second process alone: it would be a second exchange on the same markets', async () => {
    const first = await start('alone')
    await expect(start('alone')).rejects.toThrow(CLAIM_MSG.alone)
    await expect(start('cluster')).rejects.toThrow(CLAIM_MSG.cluster)
    await first.close()
    running.splice(running.indexOf(first), 1)
  })

  it('take any number of cluster nodes, and then no process alone', async () => {
    await start('cluster')
    await start('cluster')
    await expect(start('alone')).rejects.toThrow(CLAIM_MSG.alone)
  })
})
