import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { usersRepository } from '../db/repositories/users'
import { balanceOf, userCashAccountId } from '../ledger/ledger'
import { createTestDatabase, type TestDatabase } from '../test/test-database'
import { DEV_PLAYER_FUNDS, DEV_PLAYERS, seedDevData } from './seed-dev-data'

const silent = pino({ level: 'silent' })

describe('seedDevData', () => {
  let database: TestDatabase
  let db: Awaited<ReturnType<typeof connectDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase()
    db = await connectDatabase(database.target)
    await migrateToLatest(db)
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  // Two processes starting together on a fresh store; on PostgreSQL each seed gets a connection.
  it('seeds a fresh store once when several starts seed it at the same time', async () => {
    await Promise.all([seedDevData(db, silent), seedDevData(db, silent), seedDevData(db, silent)])
    for (const player of DEV_PLAYERS) {
      const user = await usersRepository(db).findByUserName('localhost', player.userName)
      // Funded once: each start's funding carries the same idempotency key.
      expect(await balanceOf(db, userCashAccountId(user?.id ?? ''))).toBe(DEV_PLAYER_FUNDS)
    }
  })
})
