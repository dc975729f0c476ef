import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { type Kysely, sql } from 'kysely'
import { hashPassword } from '../auth/password'
import { brandsRepository } from '../db/repositories/brands'
import { usersRepository } from '../db/repositories/users'
import type { Database } from '../db/schema'
import {
  HOUSE_CASH,
  openHouseAccount,
  openUserCashAccount,
  postTransaction,
} from '../ledger/ledger'
import { awardBonus } from '../use-cases/bonuses'
import { seedAccountsDevData } from './seed-accounts'

/** Development accounts (never seeded in production). Listed in the README. */
export const DEV_BRANDS = [
  { id: 'default', host: 'default', name: 'Backlay', isDefault: true, config: {} },
  { id: 'localhost', host: 'localhost', name: 'Backlay (local)', isDefault: false, config: {} },
] as const
export const DEV_OPERATOR = {
  userName: 'operator1',
  password: 'Password1',
  name: 'Demo Operator',
} as const
export const DEV_PLAYERS = [
  { userName: 'demo1', password: 'Password1', name: 'Demo Player One', mobile: '9000000001' },
  { userName: 'demo2', password: 'Password1', name: 'Demo Player Two', mobile: '9000000002' },
] as const
/** ₹1,00,000 each, in paise. */
export const DEV_PLAYER_FUNDS = 1_00_000 * 100
/** demo1's welcome bonus (paise), so the bonus pages have a real bonus to show. */
export const DEV_WELCOME_BONUS = {
  id: 'seed-welcome-demo1',
  userName: 'demo1',
  amount: 1_000 * 100,
  wageringRequired: 5_000 * 100,
} as const

/** The advisory lock under which one process at a time seeds a store (any number; ours alone). */
const SEED_LOCK = 0x42_4c_53 // "BLS"

/**
 * Idempotent: brands and users are created only when missing, and each funding posting (and the
 * welcome bonus) carries an idempotency key, so a second start changes nothing. Processes that
 * start together on a fresh store take turns: each step checks, then writes, and two at once
 * would both find a player missing and the second insert would end its process.
 */
export async function seedDevData(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${SEED_LOCK})`.execute(connection)
    try {
      await seedMissing(connection, log)
    } finally {
      await sql`SELECT pg_advisory_unlock(${SEED_LOCK})`.execute(connection)
    }
  })
}

async function seedMissing(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void> {
  const brands = brandsRepository(db)
  const users = usersRepository(db)
  for (const brand of DEV_BRANDS) await brands.ensure(brand)
  await openHouseAccount(db, 'real')
  await openHouseAccount(db, 'demo')

  const brandId = 'localhost'
  let operator = await users.findByUserName(brandId, DEV_OPERATOR.userName)
  if (!operator) {
    operator = await users.insert({
      id: randomUUID(),
      brand_id: brandId,
      role: 'operator',
      operator_role: 'admin',
      user_name: DEV_OPERATOR.userName,
      name: DEV_OPERATOR.name,
      mobile: null,
      country_code: null,
      password_hash: await hashPassword(DEV_OPERATOR.password),
      operator_id: null,
      settings: JSON.stringify({}),
    })
    log.info({ userName: operator.user_name }, 'seeded operator')
  }

  for (const player of DEV_PLAYERS) {
    let user = await users.findByUserName(brandId, player.userName)
    if (!user) {
      user = await users.insert({
        id: randomUUID(),
        brand_id: brandId,
        role: 'player',
        user_name: player.userName,
        name: player.name,
        mobile: player.mobile,
        country_code: '+91',
        password_hash: await hashPassword(player.password),
        operator_id: operator.id,
        settings: JSON.stringify({}),
      })
      log.info({ userName: user.user_name }, 'seeded player')
    }
    const cash = await openUserCashAccount(db, user.id)
    const funded = await postTransaction(db, {
      kind: 'seed.funding',
      book: 'real',
      idempotencyKey: `seed:funding:${player.userName}`,
      memo: 'Development funds',
      legs: [
        { accountId: HOUSE_CASH.real, amount: -DEV_PLAYER_FUNDS },
        { accountId: cash, amount: DEV_PLAYER_FUNDS },
      ],
    })
    if (!funded.ok) throw new Error(`seeding ${player.userName} failed: ${funded.msg}`)
    if (player.userName === DEV_WELCOME_BONUS.userName) {
      await awardBonus(db, {
        id: DEV_WELCOME_BONUS.id,
        userId: user.id,
        book: 'real',
        name: 'Welcome bonus',
        kind: 'DEPOSIT_MATCH',
        walletType: 'sports_bonus',
        amount: DEV_WELCOME_BONUS.amount,
        wageringRequired: DEV_WELCOME_BONUS.wageringRequired,
        awardedAt: new Date(),
        expiresAt: null,
      })
    }
  }
  await seedAccountsDevData(
    db,
    DEV_BRANDS.map((b) => b.id),
  )
}
