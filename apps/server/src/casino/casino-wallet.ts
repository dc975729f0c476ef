import type {
  AuthenticateRequest,
  CasinoWalletErrorCode,
  CreditRequest,
  DebitRequest,
  MovementResult,
  RollbackRequest,
  WalletPlayer,
} from '@backlay/contract/casino-wallet'
import { casinoWalletErrors } from '@backlay/contract/casino-wallet'
import type { Kysely } from 'kysely'
import type { Clock } from '../clock'
import type { Database, User } from '../db/schema'
import type { CasinoMovementKind } from '../db/schema-casino'
import { openAccount, openUserCashAccount, postTransaction } from '../ledger/ledger'
import { fail, type Result, success } from '../result'
import { hashLaunchToken } from './launch-tokens'

/**
 * The Backlay side of the seamless casino wallet (protocol and rules in
 * @backlay/contract/casino-wallet; reference semantics in apps/games reference-wallet.ts). Casino
 * money lives in the real book only: a bet moves paise from the player's cash account to the casino
 * clearing account, a win and a rollback move them back, each a ledger transaction whose kind
 * (`casino.bet`, `casino.win`, `casino.rollback`) and memo the statements show.
 */

export const CASINO_CLEARING_ACCOUNT = 'house:casino:real'

/** Names the statements show for the in-house provider's games. */
const GAME_NAMES: Record<string, string> = {
  aviator: 'Aviator',
  'lotus-sevens': 'Lotus Sevens',
  'andar-bahar': 'Andar Bahar',
}

export type WalletFailure = CasinoWalletErrorCode
type WalletResult<T> = Result<T, WalletFailure>

const refuse = (code: WalletFailure) => fail(code, casinoWalletErrors[code].msg)

/** Same fields in any order give the same print, so a retried body is recognised as the same call. */
const fingerprint = (kind: CasinoMovementKind, request: object): string =>
  `${kind}:${JSON.stringify(request, Object.keys(request).sort())}`

type Movement = DebitRequest | CreditRequest | RollbackRequest

export function createCasinoWallet(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps

  const describe = async (trx: Kysely<Database>, user: User): Promise<WalletPlayer> => ({
    playerId: user.id,
    displayName: user.user_name,
    currency: 'INR',
    balance: await cashBalance(trx, user.id),
  })

  /**
   * Runs one money call in a database transaction: locks the player's cash account (so every
   * casino call of a player is serialised), answers a repeated transaction id with its first
   * result, and otherwise applies `move`, which records the call only when it succeeds.
   */
  const movement = <R extends Movement>(
    kind: CasinoMovementKind,
    request: R,
    move: (
      trx: Kysely<Database>,
      user: User,
      cash: string,
    ) => Promise<WalletResult<{ amount: number; ledgerTransactionId: string | null }>>,
  ): Promise<WalletResult<MovementResult>> =>
    db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', request.playerId)
        .executeTakeFirst()
      if (!user) return refuse('CASINO_WALLET.UNKNOWN_PLAYER')
      if (user.is_demo) return refuse('CASINO_WALLET.PLAYER_BLOCKED')
      const cash = await openUserCashAccount(trx, user.id, 'real')
      await cashBalance(trx, user.id, { lock: true })

      const print = fingerprint(kind, request)
      const earlier = await trx
        .selectFrom('casino_transactions')
        .select(['request_fingerprint', 'balance_after'])
        .where('transaction_id', '=', request.transactionId)
        .executeTakeFirst()
      if (earlier) {
        if (earlier.request_fingerprint !== print) {
          return refuse('CASINO_WALLET.DUPLICATE_TRANSACTION')
        }
        return success({
          transactionId: request.transactionId,
          balance: earlier.balance_after,
          currency: 'INR' as const,
          duplicate: true,
        })
      }

      const moved = await move(trx, user, cash)
      if (!moved.ok) return moved
      const balance = await cashBalance(trx, user.id)
      await trx
        .insertInto('casino_transactions')
        .values({
          transaction_id: request.transactionId,
          kind,
          user_id: user.id,
          game_id: request.gameId,
          round_id: request.roundId,
          amount: moved.value.amount,
          reference_transaction_id:
            'referenceTransactionId' in request ? request.referenceTransactionId : null,
          request_fingerprint: print,
          balance_after: balance,
          ledger_transaction_id: moved.value.ledgerTransactionId,
        })
        .execute()
      return success({
        transactionId: request.transactionId,
        balance,
        currency: 'INR' as const,
        duplicate: false,
      })
    })

  /** Posts `amount` paise between the player and the casino clearing account (positive: to the player). */
  const post = async (
    trx: Kysely<Database>,
    cash: string,
    request: Movement,
    ledgerKind: string,
    label: string,
    amount: number,
    /** The games server's HTTP call, carried to the ledger row. */
    requestId: string,
  ) => {
    await openAccount(trx, {
      id: CASINO_CLEARING_ACCOUNT,
      kind: 'house.casino',
      book: 'real',
      ownerUserId: null,
      allowNegative: true,
    })
    return postTransaction(trx, {
      kind: ledgerKind,
      book: 'real',
      idempotencyKey: `casino:${request.transactionId}`,
      requestId,
      memo: `${GAME_NAMES[request.gameId] ?? request.gameId} round ${request.roundId}: ${label}`,
      metadata: {
        gameId: request.gameId,
        roundId: request.roundId,
        casinoTransactionId: request.transactionId,
      },
      legs: [
        { accountId: cash, amount },
        { accountId: CASINO_CLEARING_ACCOUNT, amount: -amount },
      ],
    })
  }

  const roundOf = (trx: Kysely<Database>, userId: string, r: Movement) =>
    trx
      .selectFrom('casino_rounds')
      .selectAll()
      .where('user_id', '=', userId)
      .where('game_id', '=', r.gameId)
      .where('round_id', '=', r.roundId)
      .executeTakeFirst()

  const rollbackOf = (trx: Kysely<Database>, debitId: string) =>
    trx
      .selectFrom('casino_transactions')
      .select('transaction_id')
      .where('kind', '=', 'rollback')
      .where('reference_transaction_id', '=', debitId)
      .executeTakeFirst()

  return {
    /** Launch token → player. Repeats within the token's life answer the same player (safe retries). */
    async authenticate(request: AuthenticateRequest): Promise<WalletResult<WalletPlayer>> {
      return db.transaction().execute(async (trx) => {
        const token = await trx
          .selectFrom('casino_launch_tokens')
          .selectAll()
          .where('token_hash', '=', hashLaunchToken(request.token))
          .forUpdate()
          .executeTakeFirst()
        if (!token || token.expires_at.getTime() <= clock.now() || token.game !== request.gameId) {
          return refuse('CASINO_WALLET.UNKNOWN_TOKEN')
        }
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .where('id', '=', token.user_id)
          .executeTakeFirst()
        if (!user) return refuse('CASINO_WALLET.UNKNOWN_PLAYER')
        if (user.is_demo || user.locked) return refuse('CASINO_WALLET.PLAYER_BLOCKED')
        if (!token.authenticated_at) {
          await trx
            .updateTable('casino_launch_tokens')
            .set({ authenticated_at: new Date(clock.now()) })
            .where('token_hash', '=', token.token_hash)
            .execute()
        }
        return success(await describe(trx, user))
      })
    },

    async balance(playerId: string): Promise<WalletResult<{ balance: number; currency: 'INR' }>> {
      const user = await db
        .selectFrom('users')
        .select(['id', 'is_demo'])
        .where('id', '=', playerId)
        .executeTakeFirst()
      if (!user) return refuse('CASINO_WALLET.UNKNOWN_PLAYER')
      if (user.is_demo) return refuse('CASINO_WALLET.PLAYER_BLOCKED')
      return success({ balance: await cashBalance(db, user.id), currency: 'INR' })
    },

    debit: (request: DebitRequest, requestId: string) =>
      movement('debit', request, async (trx, user, cash) => {
        if (user.locked) return refuse('CASINO_WALLET.PLAYER_BLOCKED')
        if (await rollbackOf(trx, request.transactionId)) {
          return refuse('CASINO_WALLET.TRANSACTION_ROLLED_BACK')
        }
        const round = await roundOf(trx, user.id, request)
        if (round?.settled) return refuse('CASINO_WALLET.ROUND_SETTLED')
        // The cash account holds balance − exposure, and the ledger refuses to take it below zero.
        const posted = await post(
          trx,
          cash,
          request,
          'casino.bet',
          'bet',
          -request.amount,
          requestId,
        )
        if (!posted.ok) return refuse('CASINO_WALLET.INSUFFICIENT_FUNDS')
        if (!round) {
          await trx
            .insertInto('casino_rounds')
            .values({ user_id: user.id, game_id: request.gameId, round_id: request.roundId })
            .execute()
        }
        return success({ amount: request.amount, ledgerTransactionId: posted.value.transactionId })
      }),

    credit: (request: CreditRequest, requestId: string) =>
      movement('credit', request, async (trx, user, cash) => {
        const round = await roundOf(trx, user.id, request)
        const liveDebits = await trx
          .selectFrom('casino_transactions as d')
          .select('d.transaction_id')
          .where('d.kind', '=', 'debit')
          .where('d.user_id', '=', user.id)
          .where('d.game_id', '=', request.gameId)
          .where('d.round_id', '=', request.roundId)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('casino_transactions as r')
                  .select('r.transaction_id')
                  .where('r.kind', '=', 'rollback')
                  .whereRef('r.reference_transaction_id', '=', 'd.transaction_id'),
              ),
            ),
          )
          .execute()
        if (!round || liveDebits.length === 0) return refuse('CASINO_WALLET.UNKNOWN_ROUND')
        if (round.settled) return refuse('CASINO_WALLET.ROUND_SETTLED')
        let ledgerTransactionId: string | null = null
        if (request.amount > 0) {
          const posted = await post(
            trx,
            cash,
            request,
            'casino.win',
            'win',
            request.amount,
            requestId,
          )
          // Only a bug can refuse it: the clearing account may go negative.
          if (!posted.ok) throw new Error(`casino credit refused: ${posted.msg}`)
          ledgerTransactionId = posted.value.transactionId
        }
        await trx
          .updateTable('casino_rounds')
          .set({ settled: true })
          .where('user_id', '=', user.id)
          .where('game_id', '=', request.gameId)
          .where('round_id', '=', request.roundId)
          .execute()
        return success({ amount: request.amount, ledgerTransactionId })
      }),

    rollback: (request: RollbackRequest, requestId: string) =>
      movement('rollback', request, async (trx, user, cash) => {
        const debit = await trx
          .selectFrom('casino_transactions')
          .selectAll()
          .where('transaction_id', '=', request.referenceTransactionId)
          .executeTakeFirst()
        // Unknown debit: nothing to return; the recorded rollback is the tombstone that refuses it later.
        if (!debit) return success({ amount: 0, ledgerTransactionId: null })
        if (debit.kind !== 'debit' || debit.user_id !== user.id) {
          return refuse('CASINO_WALLET.INVALID_REQUEST')
        }
        const round = await roundOf(trx, user.id, {
          ...request,
          gameId: debit.game_id,
          roundId: debit.round_id,
        })
        if (round?.settled) return refuse('CASINO_WALLET.ROUND_SETTLED')
        if (await rollbackOf(trx, debit.transaction_id)) {
          return success({ amount: 0, ledgerTransactionId: null })
        }
        const posted = await post(
          trx,
          cash,
          { ...request, gameId: debit.game_id, roundId: debit.round_id },
          'casino.rollback',
          'bet returned',
          debit.amount,
          requestId,
        )
        if (!posted.ok) throw new Error(`casino rollback refused: ${posted.msg}`)
        return success({ amount: debit.amount, ledgerTransactionId: posted.value.transactionId })
      }),
  }
}
export type CasinoWallet = ReturnType<typeof createCasinoWallet>

/**
 * The player's real cash balance (already net of exposure). With `lock`, takes the row lock that
 * serialises the player's casino calls, so a concurrent duplicate waits and then sees the first.
 */
async function cashBalance(trx: Kysely<Database>, userId: string, { lock = false } = {}) {
  const query = trx
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('owner_user_id', '=', userId)
    .where('kind', '=', 'user.cash')
    .where('book', '=', 'real')
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst()
  return row?.balance ?? 0
}
