import type { Rng } from '../rng'
import type { WalletClient } from '../wallet/wallet-client'
import { shuffleInto } from './cards'
import type { PastDeal, TableState } from './protocol'
import { type Deal, deal, dealtCards, payout, type Side } from './rules'

export const ANDAR_BAHAR_GAME_ID = 'andar-bahar'

export type TableTiming = {
  bettingMs: number
  cardMs: number
  resultMs: number
  minStake: number
  maxStake: number
}

type Player = { playerId: string; displayName: string }
type Round = {
  id: number
  phase: 'betting' | 'dealing' | 'result'
  bettingEndsAt: number
  deal?: Deal
  resultAt?: number
  bets: Map<string, { side: Side; stake: number }[]>
}

export type TableAnswer = { ok: true; balance: number } | { ok: false; code: string; msg: string }

/**
 * The Andar Bahar table: a betting window, then the deal (decided at once from a CSPRNG-shuffled
 * deck when betting closes, revealed one card per `cardMs`), then settlement of every player's round.
 */
export const createAndarBaharTable = (deps: {
  wallet: Pick<WalletClient, 'debit' | 'credit' | 'rollback'>
  rng: Rng
  now: () => number
  timing: TableTiming
}) => {
  const { wallet, rng, now, timing } = deps
  const deck = new Uint8Array(52)
  const history: PastDeal[] = []
  let round: Round | undefined
  let ticking = false

  const txn = (r: Round, playerId: string, what: string) =>
    `${ANDAR_BAHAR_GAME_ID}:${r.id}:${playerId}:${what}`
  const dealMs = (d: Deal) => (d.andar.length + d.bahar.length) * timing.cardMs

  const settle = async (r: Round) => {
    const winner = r.deal?.winner
    await Promise.all(
      [...r.bets].map(([playerId, bets]) =>
        wallet.credit({
          transactionId: txn(r, playerId, 'settle'),
          playerId,
          gameId: ANDAR_BAHAR_GAME_ID,
          roundId: String(r.id),
          amount: bets.reduce(
            (sum, b) => sum + (b.side === winner ? payout(b.side, b.stake) : 0),
            0,
          ),
        }),
      ),
    )
  }

  const advance = async (t: number) => {
    if (!round) {
      round = { id: 1, phase: 'betting', bettingEndsAt: t + timing.bettingMs, bets: new Map() }
      return
    }
    const r = round
    if (r.phase === 'betting' && t >= r.bettingEndsAt) {
      r.phase = 'dealing'
      r.deal = deal(shuffleInto(deck, rng))
      r.resultAt = r.bettingEndsAt + dealMs(r.deal)
    }
    if (r.phase === 'dealing' && r.deal && r.resultAt !== undefined && t >= r.resultAt) {
      r.phase = 'result'
      const cards = r.deal.andar.length + r.deal.bahar.length
      history.unshift({ roundId: r.id, joker: r.deal.joker, winner: r.deal.winner, cards })
      history.length = Math.min(history.length, 40)
      await settle(r)
    }
    if (r.phase === 'result' && r.resultAt !== undefined && t >= r.resultAt + timing.resultMs) {
      const opensAt = r.resultAt + timing.resultMs
      round = {
        id: r.id + 1,
        phase: 'betting',
        bettingEndsAt: opensAt + timing.bettingMs,
        bets: new Map(),
      }
    }
  }

  return {
    async tick() {
      if (ticking) return
      ticking = true
      try {
        await advance(now())
      } finally {
        ticking = false
      }
    },

    async placeBet(player: Player, side: Side, stake: number): Promise<TableAnswer> {
      const r = round
      if (r?.phase !== 'betting' || now() >= r.bettingEndsAt) {
        return { ok: false, code: 'ANDAR_BAHAR.BET_WINDOW_CLOSED', msg: 'Bets are closed.' }
      }
      if (stake < timing.minStake || stake > timing.maxStake) {
        return {
          ok: false,
          code: 'ANDAR_BAHAR.STAKE_OUT_OF_RANGE',
          msg: 'Stake is outside limits.',
        }
      }
      const bets = r.bets.get(player.playerId) ?? []
      const base = { playerId: player.playerId, gameId: ANDAR_BAHAR_GAME_ID, roundId: String(r.id) }
      const transactionId = txn(r, player.playerId, `bet-${bets.length + 1}`)
      const slot = { side, stake }
      bets.push(slot)
      r.bets.set(player.playerId, bets)
      const debit = await wallet.debit({ ...base, transactionId, amount: stake })
      if (debit.ok && r.phase === 'betting') return { ok: true, balance: debit.data.balance }
      bets.splice(bets.indexOf(slot), 1)
      if (bets.length === 0) r.bets.delete(player.playerId)
      if (!debit.ok && debit.code !== 'CASINO_WALLET.UNREACHABLE') return debit
      await wallet.rollback({
        ...base,
        transactionId: `${transactionId}-rollback`,
        referenceTransactionId: transactionId,
      })
      return debit.ok
        ? { ok: false, code: 'ANDAR_BAHAR.BET_WINDOW_CLOSED', msg: 'Bets are closed.' }
        : debit
    },

    state(playerId?: string): TableState {
      const t = now()
      const r = round
      if (!r)
        return {
          roundId: 0,
          phase: 'betting',
          bettingEndsAt: t,
          serverNow: t,
          cards: [],
          history,
          myBets: [],
        }
      const all = r.deal ? dealtCards(r.deal) : []
      const shown =
        r.phase === 'result'
          ? all.length
          : Math.max(0, Math.floor((t - r.bettingEndsAt) / timing.cardMs))
      return {
        roundId: r.id,
        phase: r.phase,
        bettingEndsAt: r.bettingEndsAt,
        serverNow: t,
        ...(r.deal && r.phase !== 'betting' ? { joker: r.deal.joker } : {}),
        cards: r.phase === 'betting' ? [] : all.slice(0, Math.min(shown, all.length)),
        ...(r.phase === 'result' && r.deal ? { winner: r.deal.winner } : {}),
        history,
        myBets: (playerId && r.bets.get(playerId)) || [],
      }
    },
  }
}
export type AndarBaharTable = ReturnType<typeof createAndarBaharTable>
