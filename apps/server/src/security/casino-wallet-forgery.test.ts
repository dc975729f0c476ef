import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { casinoWalletRoutes } from '@backlay/contract/casino-wallet'
import { casinoCallHeaders } from '@backlay/contract/casino-wallet-signature'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceOf, userCashAccountId } from '../ledger/ledger'
import { type DefaultStartApp, startAsDefault } from './default-start'

const REPO = fileURLToPath(new URL('../../../../', import.meta.url))
const SOURCE_FOLDERS = ['apps/server/src', 'apps/games/src', 'packages/contract/src']

/** Every string literal of eight characters or more in the shipped source (tests excluded). */
function sourceLiterals(): Set<string> {
  const literals = new Set<string>(['dev-casino-wallet-secret'])
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(path, 'utf8')
        for (const m of text.matchAll(/'([^'\n]{8,200})'|"([^"\n]{8,200})"|`([^`$\n]{8,200})`/g)) {
          literals.add(m[1] ?? m[2] ?? m[3] ?? '')
        }
      }
    }
  }
  for (const folder of SOURCE_FOLDERS) walk(join(REPO, folder))
  return literals
}

describe('casino wallet against forged and replayed calls (default start)', () => {
  let s: DefaultStartApp
  let playerId: string
  let cash: string
  let sequence = 0
  const debit = () => ({
    transactionId: `attack:${++sequence}`,
    playerId,
    gameId: 'aviator',
    roundId: `round-${sequence}`,
    amount: 100_00,
  })
  /** The secret the games server is handed: the one the server generated under DATA_DIR. */
  const realSecret = () => readFileSync(join(s.config.DATA_DIR, 'casino-wallet-secret'), 'utf8')
  const send = (path: string, body: string, headers: Record<string, string>) =>
    s.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })
  const signed = (secret: string, path: string, body: string, at = Date.now()) =>
    casinoCallHeaders(secret, { method: 'POST', path, body }, at)

  beforeAll(async () => {
    s = await startAsDefault()
    const user = await s.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo2')
      .executeTakeFirstOrThrow()
    playerId = user.id
    cash = userCashAccountId(playerId)
  })
  afterAll(() => s.close())

  it('generated its own secret, which no literal of the source is', async () => {
    const literals = sourceLiterals()
    expect(literals.size).toBeGreaterThan(500)
    expect(literals.has(realSecret())).toBe(false)
    const before = await balanceOf(s.app.db, cash)
    const all = [...literals]
    for (let i = 0; i < all.length; i += 100) {
      await Promise.all(
        all.slice(i, i + 100).map(async (literal) => {
          const body = JSON.stringify(debit())
          const path = casinoWalletRoutes.debit
          const res = await send(path, body, signed(literal, path, body))
          if (res.statusCode !== 401) {
            throw new Error(
              `a call signed with ${JSON.stringify(literal)} answered ${res.statusCode}`,
            )
          }
        }),
      )
    }
    expect(await balanceOf(s.app.db, cash)).toBe(before)
  }, 180_000)

  it('refuses a call signed more than 30 s ago, or for another route', async () => {
    const before = await balanceOf(s.app.db, cash)
    const body = JSON.stringify(debit())
    const stale = signed(realSecret(), casinoWalletRoutes.debit, body, Date.now() - 31_000)
    expect((await send(casinoWalletRoutes.debit, body, stale)).statusCode).toBe(401)
    const forCredit = signed(realSecret(), casinoWalletRoutes.credit, body)
    expect((await send(casinoWalletRoutes.debit, body, forCredit)).statusCode).toBe(401)
    expect(await balanceOf(s.app.db, cash)).toBe(before)
  })

  it('moves money once for a signed call and refuses it replayed, also after a restart', async () => {
    const before = await balanceOf(s.app.db, cash)
    const body = JSON.stringify(debit())
    const headers = signed(realSecret(), casinoWalletRoutes.debit, body)
    expect((await send(casinoWalletRoutes.debit, body, headers)).statusCode).toBe(200)
    expect(await balanceOf(s.app.db, cash)).toBe(before - 100_00)

    const replay = await send(casinoWalletRoutes.debit, body, headers)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ status: false, code: 'CASINO_WALLET.INVALID_SIGNATURE' })

    // The nonce is kept in the store: after a restart the same call is still refused.
    s = await s.restart()
    expect((await send(casinoWalletRoutes.debit, body, headers)).statusCode).toBe(401)
    expect(await balanceOf(s.app.db, cash)).toBe(before - 100_00)
  })

  it('answers balance only to a signed call', async () => {
    const body = JSON.stringify({ playerId })
    expect((await send(casinoWalletRoutes.balance, body, {})).statusCode).toBe(401)
    const res = await send(
      casinoWalletRoutes.balance,
      body,
      signed(realSecret(), casinoWalletRoutes.balance, body),
    )
    expect(res.statusCode, res.body).toBe(200)
  })
})
