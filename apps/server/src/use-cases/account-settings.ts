import { betDelays, type UserSettingResponse, userLimits } from '@backlay/contract/bet-settings'
import { DEFAULT_BET_DELAY_SECONDS } from '@backlay/contract/limits'
import type { TimeSettings } from '@backlay/contract/time-settings'
import type { TimeZoneName } from '@backlay/contract/time-zones'
import type {
  BetSettings,
  OneClickSettings,
  PresetStakeSettings,
  UserSettings,
} from '@backlay/contract/user'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import { accountProfilesRepository } from '../db/repositories/account-profiles'
import { usersRepository } from '../db/repositories/users'
import type { Database } from '../db/schema'
import { settingsWithDefaults } from './user-profile'

/** Which stake list a call edits: desktop (also `match_stack`), mobile, mobile exchange games. */
export type StakeList = keyof PresetStakeSettings

async function changeSettings(
  db: Kysely<Database>,
  userId: string,
  change: (current: UserSettings) => UserSettings,
): Promise<UserSettings> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('users')
      .select('settings')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow()
    const next = change(settingsWithDefaults(row.settings))
    await usersRepository(trx).updateSettings(userId, next)
    return next
  })
}

export async function userSettings(db: Kysely<Database>, userId: string): Promise<UserSettings> {
  const user = await usersRepository(db).findById(userId)
  return settingsWithDefaults(user?.settings)
}

export const saveStakes = (
  db: Kysely<Database>,
  userId: string,
  list: StakeList,
  stakes: number[],
) =>
  changeSettings(db, userId, (current) => ({
    ...current,
    presetStakeSettings: { ...current.presetStakeSettings, [list]: stakes },
  }))

export const saveOneClick = (db: Kysely<Database>, userId: string, oneClick: OneClickSettings) =>
  changeSettings(db, userId, (current) => ({ ...current, oneClickSettings: oneClick }))

export const saveBetSettings = (db: Kysely<Database>, userId: string, bet: BetSettings) =>
  changeSettings(db, userId, (current) => ({ ...current, betSettings: bet }))

/**
 * getUserSetting: the user's stored delays and limits over the defaults (delay 5 s each; limits
 * null = "not set", the client then uses the market's).
 */
export async function betSettingsOf(
  db: Kysely<Database>,
  userId: string,
): Promise<UserSettingResponse['data']> {
  const stored = (await accountProfilesRepository(db).get(userId)).bet_settings
  const delays = Object.fromEntries(
    Object.keys(betDelays.shape).map((key) => [key, DEFAULT_BET_DELAY_SECONDS]),
  )
  const limits = Object.fromEntries(Object.keys(userLimits.shape).map((key) => [key, null]))
  const shape = betDelays.extend(userLimits.shape)
  // A malformed stored override (a back-office bug) falls back to the defaults, never a 500.
  const overrides = shape.partial().safeParse(stored)
  return shape.parse({ ...delays, ...limits, ...(overrides.success ? overrides.data : {}) })
}

export async function timeSettingsOf(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
): Promise<TimeSettings> {
  const profile = await accountProfilesRepository(db).get(userId)
  return { timeZoneName: profile.time_zone_name, serverTime: new Date(clock.now()).toISOString() }
}

export async function saveTimeZone(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  timeZoneName: TimeZoneName,
): Promise<TimeSettings> {
  await accountProfilesRepository(db).save(userId, { time_zone_name: timeZoneName })
  return timeSettingsOf(db, clock, userId)
}
