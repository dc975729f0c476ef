import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { Rng } from '../rng'
import type { Sessions } from '../session/sessions'
import { spin } from '../slot/lotus-sevens'
import type { WalletClient } from '../wallet/wallet-client'
import { requireSession } from './session'

export const SLOT_GAME_ID = 'lotus-sevens'
/** Total bets in paise (₹10 … ₹1,000): each is split evenly over the 10 lines. */
export const SLOT_BETS = [1_000, 2_000, 5_000, 10_000, 50_000, 100_000] as const

const spinBody = z.object({
  bet: z
    .number()
    .int()
    .refine((b) => (SLOT_BETS as readonly number[]).includes(b)),
})

export const slotRoutes = async (
  app: FastifyInstance,
  { sessions, wallet, rng }: { sessions: Sessions; wallet: WalletClient; rng: Rng },
) => {
  app.post('/api/slot/spin', async (request, reply) => {
    const session = requireSession(sessions, request, reply)
    if (!session) return reply
    const body = spinBody.safeParse(request.body)
    if (!body.success) {
      return reply
        .code(400)
        .send({ status: false, msg: 'Choose a listed bet.', code: 'SLOT.INVALID_BET' })
    }
    const move = { playerId: session.playerId, gameId: SLOT_GAME_ID, roundId: randomUUID() }
    const debit = await wallet.debit({
      ...move,
      transactionId: `${move.roundId}:bet`,
      amount: body.data.bet,
    })
    if (!debit.ok) {
      const http = debit.code === 'CASINO_WALLET.UNREACHABLE' ? 503 : 409
      return reply.code(http).send({ status: false, msg: debit.msg, code: debit.code })
    }
    const result = spin(rng, body.data.bet)
    const credit = await wallet.credit({
      ...move,
      transactionId: `${move.roundId}:win`,
      amount: result.win,
    })
    if (!credit.ok) {
      request.log.error(
        { round: move, win: result.win, code: credit.code },
        'slot win not credited',
      )
      return reply.code(503).send({ status: false, msg: credit.msg, code: credit.code })
    }
    return { status: true, data: { ...result, bet: body.data.bet, balance: credit.data.balance } }
  })
}
