import { demoLoginResponse, LOGIN_BASIC_AUTHORIZATION, loginResponse } from '@backlay/contract/auth'
import {
  type CasinoWalletErrorCode,
  casinoWalletFailure,
  casinoWalletRoutes,
  movementResponse,
} from '@backlay/contract/casino-wallet'
import { casinoCallHeaders } from '@backlay/contract/casino-wallet-signature'
import { accountStatementResponse } from '@backlay/contract/statements'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { balanceFromEntries, balanceOf, userCashAccountId } from '../ledger/ledger'
import { buildTestApp, manualClock, type TestApp } from '../test/test-app'
import { CASINO_CLEARING_ACCOUNT } from './casino-wallet'
import { walletCall } from './wallet-call'

const SECRET = 'test-casino-wallet-secret-0123456789'
const GAMES_ORIGIN = 'http://games.test:8090'
const SEEDED_BALANCE = 100_000 * 100

describe('casino wallet and launch', () => {
  let t: TestApp
  const clock = manualClock('2026-11-23T10:00:00Z')
  let playerId: string
  let accessToken: string
  let cash: string
  let sequence = 0
  /** A transaction id no earlier test used. */
  const nextId = (label: string) => `test:${++sequence}:${label}`

  beforeAll(async () => {
    t = await buildTestApp({
      clock,
      env: { FEED: 'off', CASINO_WALLET_SECRET: SECRET, GAMES_ORIGIN },
    })
    accessToken = await loginToken('demo1', 'Password1')
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'demo1')
      .executeTakeFirstOrThrow()
    playerId = user.id
    cash = userCashAccountId(playerId)
    // Booting PGlite with every migration takes minutes when the two cores are shared.
  }, 180_000)
  afterAll(() => t.close())

  const loginToken = async (user_name: string, password: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/userLogin',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: LOGIN_BASIC_AUTHORIZATION,
      },
      payload: new URLSearchParams({ user_name, password, grant_type: 'password' }).toString(),
    })
    expect(res.statusCode).toBe(200)
    const token = loginResponse.parse(res.json()).data.access_token
    if (!token) throw new Error(`no token for ${user_name}`)
    return token
  }

  const launch = (path: string, body: unknown, token: string | null = accessToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/${path}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(body === undefined ? {} : { payload: body as object }),
    })

  const wallet = (path: string, body: object, secret = SECRET) =>
    walletCall(t.app, clock, path, body, secret)
  const moved = async (path: string, body: object) => {
    const res = await wallet(path, body)
    expect(res.statusCode, res.body).toBe(200)
    return movementResponse.parse(res.json()).data
  }
  const refused = async (path: string, body: object, code: CasinoWalletErrorCode) => {
    const res = await wallet(path, body)
    expect(casinoWalletFailure.parse(res.json()).code).toBe(code)
    return res.statusCode
  }
  const bet = (round: string, amount: number, transactionId = nextId('bet')) => ({
    transactionId,
    playerId,
    gameId: 'aviator',
    roundId: round,
    amount,
  })
  const balance = () => balanceOf(t.app.db, cash)
  const launchToken = async (game: 'aviator' | 'lobby' = 'aviator') => {
    const res =
      game === 'lobby'
        ? await launch('lotus/lobbyUrl', {})
        : await launch('qtech/launchUrl', { gameId: 'SPB-aviator', providerCode: 'SPB' })
    const body = res.json()
    const url = new URL(game === 'lobby' ? body.launchUrl : body.data.launchUrl)
    return url.searchParams.get('token') ?? ''
  }

  describe('launch', () => {
    it('answers a lobby URL on the games origin for an empty body and for game 98789', async () => {
      for (const body of [{}, undefined, { game_id: 98789, game_type: 'old' }]) {
        const res = await launch('lotus/lobbyUrl', body)
        expect(res.statusCode, res.body).toBe(200)
        const url = new URL(res.json().launchUrl)
        expect(url.origin).toBe(GAMES_ORIGIN)
        expect(url.pathname).toBe('/launch')
        expect(url.searchParams.get('game')).toBe('lobby')
        expect(url.searchParams.get('token')?.length).toBeGreaterThanOrEqual(32)
      }
    })

    it('opens an old lotus game by game_id and a qtech game by provider and game id', async () => {
      const lotus = await launch('lotus/lobbyUrl', { game_id: 'AB', game_type: 'old' })
      expect(new URL(lotus.json().launchUrl).searchParams.get('game')).toBe('andar-bahar')
      const qtech = await launch('qtech/launchUrl', { gameId: 'SPB-aviator', providerCode: 'SPB' })
      expect(qtech.statusCode).toBe(200)
      expect(new URL(qtech.json().data.launchUrl).searchParams.get('game')).toBe('aviator')
      const unknown = await launch('qtech/launchUrl', { gameId: 'nope', providerCode: 'SPB' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({ status: false, code: 'CASINO.NOT_FOUND' })
    })

    it('mints a different token on every launch', async () => {
      expect(await launchToken()).not.toBe(await launchToken())
    })

    it('refuses guests with 401 and demo users with the spec message', async () => {
      expect((await launch('lotus/lobbyUrl', {}, null)).statusCode).toBe(401)
      expect(
        (await launch('qtech/launchUrl', { gameId: 'SPB-aviator', providerCode: 'SPB' }, null))
          .statusCode,
      ).toBe(401)
      const demo = demoLoginResponse.parse(
        (await t.app.inject({ method: 'POST', url: '/api/v1/user/autoDemoUserLogin' })).json(),
      ).data
      const demoToken = await loginToken(demo.user_name, demo.password)
      for (const [path, body] of [
        ['lotus/lobbyUrl', {}],
        ['qtech/launchUrl', { gameId: 'SPB-aviator', providerCode: 'SPB' }],
      ] as const) {
        const res = await launch(path, body, demoToken)
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ status: false, msg: 'Please login from your read ID.' })
      }
    })
  })

  describe('authenticate', () => {
    it('turns a launch token into the player, and answers a retried call the same', async () => {
      const token = await launchToken()
      const first = await wallet(casinoWalletRoutes.authenticate, { token, gameId: 'aviator' })
      expect(first.statusCode).toBe(200)
      expect(first.json().data).toEqual({
        playerId,
        displayName: 'demo1',
        currency: 'INR',
        balance: await balance(),
      })
      const again = await wallet(casinoWalletRoutes.authenticate, { token, gameId: 'aviator' })
      expect(again.json()).toEqual(first.json())
    })

    it('refuses an unknown token, a token of another game and an expired token', async () => {
      const token = await launchToken()
      const unknown = 'x'.repeat(43)
      expect(
        await refused(
          casinoWalletRoutes.authenticate,
          { token: unknown, gameId: 'aviator' },
          'CASINO_WALLET.UNKNOWN_TOKEN',
        ),
      ).toBe(401)
      await refused(
        casinoWalletRoutes.authenticate,
        { token, gameId: 'lotus-sevens' },
        'CASINO_WALLET.UNKNOWN_TOKEN',
      )
      clock.advance(60_000)
      await refused(
        casinoWalletRoutes.authenticate,
        { token, gameId: 'aviator' },
        'CASINO_WALLET.UNKNOWN_TOKEN',
      )
    })

    it('answers the balance of a player', async () => {
      const res = await wallet(casinoWalletRoutes.balance, { playerId })
      expect(res.json()).toEqual({
        status: true,
        data: { balance: await balance(), currency: 'INR' },
      })
      await refused(
        casinoWalletRoutes.balance,
        { playerId: 'nobody' },
        'CASINO_WALLET.UNKNOWN_PLAYER',
      )
    })
  })

  describe('signature', () => {
    it('refuses a wrong, missing or tampered signature and moves nothing', async () => {
      const before = await balance()
      const body = bet('sig-1', 500)
      const wrongSecret = await wallet(casinoWalletRoutes.debit, body, 'another-secret-of-16')
      expect(wrongSecret.statusCode).toBe(401)
      expect(wrongSecret.json()).toEqual({
        status: false,
        msg: 'Invalid signature.',
        code: 'CASINO_WALLET.INVALID_SIGNATURE',
      })
      const raw = JSON.stringify(body)
      const unsigned = await t.app.inject({
        method: 'POST',
        url: casinoWalletRoutes.debit,
        headers: { 'content-type': 'application/json' },
        payload: raw,
      })
      expect(unsigned.statusCode).toBe(401)
      // Signed over one body, sent with another amount: the bytes differ, so the signature fails.
      const tampered = await t.app.inject({
        method: 'POST',
        url: casinoWalletRoutes.debit,
        headers: {
          'content-type': 'application/json',
          ...casinoCallHeaders(
            SECRET,
            { method: 'POST', path: casinoWalletRoutes.debit, body: raw },
            clock.now(),
          ),
        },
        payload: raw.replace('"amount":500', '"amount":5'),
      })
      expect(tampered.statusCode).toBe(401)
      expect(await balance()).toBe(before)
    })

    it('answers a signed body that is not a valid call with 400', async () => {
      expect(
        await refused(
          casinoWalletRoutes.debit,
          { ...bet('bad', 1), amount: -1 },
          'CASINO_WALLET.INVALID_REQUEST',
        ),
      ).toBe(400)
    })
  })

  describe('money', () => {
    it('debits once for a replayed transaction id and refuses the id with another body', async () => {
      const before = await balance()
      const body = bet('replay-1', 2_500)
      const first = await moved(casinoWalletRoutes.debit, body)
      expect(first).toEqual({
        transactionId: body.transactionId,
        balance: before - 2_500,
        currency: 'INR',
        duplicate: false,
      })
      // Fields in another order are still the same call.
      const reordered = Object.fromEntries(Object.entries(body).reverse())
      expect(await moved(casinoWalletRoutes.debit, reordered)).toEqual({
        ...first,
        duplicate: true,
      })
      expect(
        await refused(
          casinoWalletRoutes.debit,
          { ...body, amount: 2_600 },
          'CASINO_WALLET.DUPLICATE_TRANSACTION',
        ),
      ).toBe(409)
      expect(await balance()).toBe(before - 2_500)
    })

    it('moves money once for concurrent duplicates', async () => {
      const before = await balance()
      const body = bet('concurrent-1', 1_000)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => moved(casinoWalletRoutes.debit, body)),
      )
      expect(answers.filter((a) => !a.duplicate)).toHaveLength(1)
      expect(new Set(answers.map((a) => a.balance))).toEqual(new Set([before - 1_000]))
      expect(await balance()).toBe(before - 1_000)
      const credit = { ...bet('concurrent-1', 3_000, nextId('win')) }
      const wins = await Promise.all(
        Array.from({ length: 6 }, () => moved(casinoWalletRoutes.credit, credit)),
      )
      expect(wins.filter((a) => !a.duplicate)).toHaveLength(1)
      expect(await balance()).toBe(before + 2_000)
    })

    it('refuses a debit beyond the available balance and moves nothing', async () => {
      const before = await balance()
      expect(
        await refused(
          casinoWalletRoutes.debit,
          bet('too-much', before + 1),
          'CASINO_WALLET.INSUFFICIENT_FUNDS',
        ),
      ).toBe(409)
      expect(await balance()).toBe(before)
      // Exactly the whole balance is allowed; rolled back so later tests keep their money.
      const all = bet('all-in', before)
      expect((await moved(casinoWalletRoutes.debit, all)).balance).toBe(0)
      await moved(casinoWalletRoutes.rollback, {
        ...all,
        transactionId: nextId('rb'),
        referenceTransactionId: all.transactionId,
      })
      expect(await balance()).toBe(before)
    })

    it('settles a round with its credit: a second credit, a later debit and a rollback are refused', async () => {
      const before = await balance()
      const stake = bet('round-1', 10_000)
      await moved(casinoWalletRoutes.debit, stake)
      const win = { ...stake, transactionId: nextId('win'), amount: 23_400 }
      expect((await moved(casinoWalletRoutes.credit, win)).balance).toBe(before + 13_400)
      await refused(
        casinoWalletRoutes.credit,
        { ...win, transactionId: nextId('win') },
        'CASINO_WALLET.ROUND_SETTLED',
      )
      await refused(casinoWalletRoutes.debit, bet('round-1', 100), 'CASINO_WALLET.ROUND_SETTLED')
      await refused(
        casinoWalletRoutes.rollback,
        { ...stake, transactionId: nextId('rb'), referenceTransactionId: stake.transactionId },
        'CASINO_WALLET.ROUND_SETTLED',
      )
      await refused(
        casinoWalletRoutes.credit,
        { ...bet('never-bet', 0), transactionId: nextId('win') },
        'CASINO_WALLET.UNKNOWN_ROUND',
      )
      expect(await balance()).toBe(before + 13_400)
    })

    it('closes a lost round with a credit of 0', async () => {
      const before = await balance()
      const stake = bet('lost-1', 700)
      await moved(casinoWalletRoutes.debit, stake)
      const lost = await moved(casinoWalletRoutes.credit, {
        ...stake,
        transactionId: nextId('settle'),
        amount: 0,
      })
      expect(lost.balance).toBe(before - 700)
    })

    it('restores the balance exactly on rollback, once, and then knows no open debit', async () => {
      const before = await balance()
      const stake = bet('rollback-1', 4_321)
      await moved(casinoWalletRoutes.debit, stake)
      const rollback = {
        ...stake,
        transactionId: nextId('rb'),
        referenceTransactionId: stake.transactionId,
      }
      const { amount: _amount, ...rollbackBody } = rollback
      expect((await moved(casinoWalletRoutes.rollback, rollbackBody)).balance).toBe(before)
      expect((await moved(casinoWalletRoutes.rollback, rollbackBody)).duplicate).toBe(true)
      const other = await moved(casinoWalletRoutes.rollback, {
        ...rollbackBody,
        transactionId: nextId('rb'),
      })
      expect(other.balance).toBe(before)
      await refused(
        casinoWalletRoutes.credit,
        { ...stake, transactionId: nextId('win'), amount: 100 },
        'CASINO_WALLET.UNKNOWN_ROUND',
      )
      expect(await balance()).toBe(before)
    })

    it('leaves a tombstone for a rollback of a debit it never saw, which refuses that debit later', async () => {
      const before = await balance()
      const late = bet('late-1', 900)
      await moved(casinoWalletRoutes.rollback, {
        transactionId: nextId('rb'),
        playerId,
        gameId: 'aviator',
        roundId: 'late-1',
        referenceTransactionId: late.transactionId,
      })
      expect(
        await refused(casinoWalletRoutes.debit, late, 'CASINO_WALLET.TRANSACTION_ROLLED_BACK'),
      ).toBe(409)
      expect(await balance()).toBe(before)
    })

    it('keeps every movement in the ledger under casino kinds, balanced against the clearing account', async () => {
      const stake = bet('ledger-1', 1_200)
      await moved(casinoWalletRoutes.debit, stake)
      await moved(casinoWalletRoutes.credit, {
        ...stake,
        transactionId: nextId('win'),
        amount: 1_800,
      })
      const rows = await t.app.db
        .selectFrom('ledger_transactions')
        .select(['kind', 'memo'])
        .where('kind', 'like', 'casino.%')
        .where('memo', 'like', '%ledger-1%')
        .orderBy('created_at')
        .execute()
      expect(rows).toEqual([
        { kind: 'casino.bet', memo: 'Aviator round ledger-1: bet' },
        { kind: 'casino.win', memo: 'Aviator round ledger-1: win' },
      ])
      // The player's account statement shows them as casino rows with game and round.
      const statement = await launch('account/statement', { type: 'CASINO', limit: 150 })
      expect(statement.statusCode, statement.body).toBe(200)
      const shown = accountStatementResponse.parse(statement.json()).data.list
      expect(shown.filter((r) => r.description.includes('ledger-1'))).toEqual([
        expect.objectContaining({
          type: 'CASINO',
          description: 'Aviator round ledger-1: win',
          credit: 18,
        }),
        expect.objectContaining({
          type: 'CASINO',
          description: 'Aviator round ledger-1: bet',
          debit: 12,
        }),
      ])
      const player = await balance()
      expect(await balanceFromEntries(t.app.db, cash)).toBe(player)
      // Everything the player lost or won in the casino sits, opposite, on the clearing account.
      expect(await balanceFromEntries(t.app.db, CASINO_CLEARING_ACCOUNT)).toBe(
        SEEDED_BALANCE - player,
      )
    })
  })
})
