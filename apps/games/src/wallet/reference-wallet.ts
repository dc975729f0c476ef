import { randomBytes } from 'node:crypto'
import {
  authenticateRequest,
  balanceRequest,
  type CasinoWalletErrorCode,
  type CreditRequest,
  casinoWalletErrors,
  casinoWalletRoutes,
  creditRequest,
  type DebitRequest,
  debitRequest,
  type MovementResult,
  type RollbackRequest,
  rollbackRequest,
  type WalletPlayer,
} from '@backlay/contract/casino-wallet'
import type { z } from 'zod'

/**
 * The reference semantics of the casino-wallet protocol, in memory. It is what the Backlay server
 * must do with its ledger (the contract documents the rules); the games server's tests and its
 * stand-alone dev mode run against it until the real endpoints exist. Every call is synchronous, so
 * concurrent duplicates are serialised the way a unique key serialises them in the database.
 */
export type WalletAnswer = { http: number; body: unknown }

type Player = { playerId: string; displayName: string; balance: number }
type Movement = { kind: string; fingerprint: string; result: MovementResult; request: DebitRequest }
type Round = { debits: string[]; settled: boolean }

const failure = (code: CasinoWalletErrorCode): WalletAnswer => ({
  http: casinoWalletErrors[code].http,
  body: { status: false, msg: casinoWalletErrors[code].msg, code },
})
const success = (data: unknown): WalletAnswer => ({ http: 200, body: { status: true, data } })

export const createReferenceWallet = (options: { now: () => number; tokenTtlMs: number }) => {
  const players = new Map<string, Player>()
  const tokens = new Map<string, { playerId: string; expiresAt: number; answer?: WalletAnswer }>()
  const movements = new Map<string, Movement>()
  const rolledBack = new Set<string>()
  const rounds = new Map<string, Round>()
  const ledger: { playerId: string; transactionId: string; amount: number }[] = []

  const roundKey = (r: { gameId: string; roundId: string; playerId: string }) =>
    `${r.gameId}\u0000${r.roundId}\u0000${r.playerId}`

  const move = (player: Player, transactionId: string, amount: number) => {
    player.balance += amount
    ledger.push({ playerId: player.playerId, transactionId, amount })
  }

  /** Runs `apply` once per transaction id; repeats answer with the first result. */
  const once = (
    kind: string,
    request: DebitRequest | CreditRequest | RollbackRequest,
    apply: (player: Player) => WalletAnswer,
  ): WalletAnswer => {
    const fingerprint = `${kind}:${JSON.stringify(request, Object.keys(request).sort())}`
    const seen = movements.get(request.transactionId)
    if (seen) {
      if (seen.fingerprint !== fingerprint) return failure('CASINO_WALLET.DUPLICATE_TRANSACTION')
      return success({ ...seen.result, duplicate: true })
    }
    const player = players.get(request.playerId)
    if (!player) return failure('CASINO_WALLET.UNKNOWN_PLAYER')
    const answer = apply(player)
    if (answer.http === 200) {
      const result = (answer.body as { data: MovementResult }).data
      movements.set(request.transactionId, {
        kind,
        fingerprint,
        result,
        request: request as DebitRequest,
      })
    }
    return answer
  }

  const resultOf = (transactionId: string, player: Player): MovementResult => ({
    transactionId,
    balance: player.balance,
    currency: 'INR',
    duplicate: false,
  })

  const handlers: Record<string, (body: unknown) => WalletAnswer> = {
    [casinoWalletRoutes.authenticate]: (body) =>
      parse(authenticateRequest, body, (req) => {
        const token = tokens.get(req.token)
        if (!token || token.expiresAt <= options.now())
          return failure('CASINO_WALLET.UNKNOWN_TOKEN')
        // A repeat within the TTL (a retried call) answers the same; the games server itself
        // refuses to open a second session from one token, which keeps the launch one-time.
        if (token.answer) return token.answer
        const player = players.get(token.playerId)
        if (!player) return failure('CASINO_WALLET.UNKNOWN_PLAYER')
        token.answer = success({ ...describe(player) })
        return token.answer
      }),
    [casinoWalletRoutes.balance]: (body) =>
      parse(balanceRequest, body, (req) => {
        const player = players.get(req.playerId)
        if (!player) return failure('CASINO_WALLET.UNKNOWN_PLAYER')
        return success({ balance: player.balance, currency: 'INR' })
      }),
    [casinoWalletRoutes.debit]: (body) =>
      parse(debitRequest, body, (req) =>
        once('debit', req, (player) => {
          if (rolledBack.has(req.transactionId)) {
            return failure('CASINO_WALLET.TRANSACTION_ROLLED_BACK')
          }
          const round = rounds.get(roundKey(req)) ?? { debits: [], settled: false }
          if (round.settled) return failure('CASINO_WALLET.ROUND_SETTLED')
          if (player.balance < req.amount) return failure('CASINO_WALLET.INSUFFICIENT_FUNDS')
          move(player, req.transactionId, -req.amount)
          round.debits.push(req.transactionId)
          rounds.set(roundKey(req), round)
          return success(resultOf(req.transactionId, player))
        }),
      ),
    [casinoWalletRoutes.credit]: (body) =>
      parse(creditRequest, body, (req) =>
        once('credit', req, (player) => {
          const round = rounds.get(roundKey(req))
          if (!round || round.debits.length === 0) return failure('CASINO_WALLET.UNKNOWN_ROUND')
          if (round.settled) return failure('CASINO_WALLET.ROUND_SETTLED')
          if (req.amount > 0) move(player, req.transactionId, req.amount)
          round.settled = true
          return success(resultOf(req.transactionId, player))
        }),
      ),
    [casinoWalletRoutes.rollback]: (body) =>
      parse(rollbackRequest, body, (req) =>
        once('rollback', req, (player) => {
          const debit = movements.get(req.referenceTransactionId)
          if (!debit) {
            rolledBack.add(req.referenceTransactionId)
            return success(resultOf(req.transactionId, player))
          }
          const round = rounds.get(roundKey(debit.request))
          if (debit.kind !== 'debit' || debit.request.playerId !== req.playerId || !round) {
            return failure('CASINO_WALLET.INVALID_REQUEST')
          }
          if (round.settled) return failure('CASINO_WALLET.ROUND_SETTLED')
          if (!rolledBack.has(req.referenceTransactionId)) {
            rolledBack.add(req.referenceTransactionId)
            round.debits = round.debits.filter((id) => id !== req.referenceTransactionId)
            move(player, req.transactionId, debit.request.amount)
          }
          return success(resultOf(req.transactionId, player))
        }),
      ),
  }

  return {
    addPlayer(playerId: string, displayName: string, balance: number) {
      players.set(playerId, { playerId, displayName, balance })
    },
    mintToken(playerId: string): string {
      const token = randomBytes(24).toString('base64url')
      tokens.set(token, { playerId, expiresAt: options.now() + options.tokenTtlMs })
      return token
    },
    balanceOf: (playerId: string) => players.get(playerId)?.balance,
    ledgerOf: (playerId: string) => ledger.filter((row) => row.playerId === playerId),
    handle(path: string, body: unknown): WalletAnswer {
      const handler = handlers[path]
      return handler ? handler(body) : failure('CASINO_WALLET.INVALID_REQUEST')
    },
  }
}
export type ReferenceWallet = ReturnType<typeof createReferenceWallet>

const describe = (player: Player): WalletPlayer => ({
  playerId: player.playerId,
  displayName: player.displayName,
  currency: 'INR',
  balance: player.balance,
})

const parse = <S extends z.ZodType>(
  schema: S,
  body: unknown,
  then: (req: z.infer<S>) => WalletAnswer,
): WalletAnswer => {
  const parsed = schema.safeParse(body)
  return parsed.success ? then(parsed.data) : failure('CASINO_WALLET.INVALID_REQUEST')
}
