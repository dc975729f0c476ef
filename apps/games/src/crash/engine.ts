import type { WalletClient } from '../wallet/wallet-client'
import { msToReach, multiplierAt } from './curve'
import { crashPoint } from './fair'
import type { CrashServerMessage, CrashSnapshot, PastRound, PublicBet } from './protocol'

export const CRASH_GAME_ID = 'aviator'
const RETRY_MS = 5_000

export type CrashChain = {
  salt: string
  terminatingHash: string
  length: number
  /** the next unplayed game of the chain, marked as used before it is returned */
  take(): Promise<{ gameNumber: number; hash: string }>
}

export type CrashTiming = {
  bettingMs: number
  crashedMs: number
  minStake: number
  maxStake: number
}

type Player = { playerId: string; displayName: string }
type Bet = Player & {
  stake: number
  autoCashOut?: number
  status: 'pending' | 'active' | 'cashed' | 'lost'
  cashedAt?: number
  win?: number
}
type Round = {
  gameNumber: number
  hash: string
  crashPoint: number
  crashMs: number
  phase: CrashSnapshot['phase']
  bettingEndsAt: number
  startedAt?: number
  crashedAt?: number
  bets: Map<string, Bet>
}

export type CrashFailure = { ok: false; code: string; msg: string }
export type CrashAnswer = { ok: true; me: PublicBet; balance: number } | CrashFailure

const fail = (code: string, msg: string): CrashFailure => ({ ok: false, code, msg })

/** Public name: "Rahul Sharma" → "Ra***a". */
export const maskName = (name: string): string =>
  name.length <= 3 ? `${name.slice(0, 1)}***` : `${name.slice(0, 2)}***${name.slice(-1)}`

const publicBet = (bet: Bet): PublicBet => ({
  name: maskName(bet.displayName),
  stake: bet.stake,
  ...(bet.autoCashOut ? { autoCashOut: bet.autoCashOut } : {}),
  ...(bet.cashedAt ? { cashedAt: bet.cashedAt, win: bet.win } : {}),
  ...(bet.status === 'lost' ? { lost: true } : {}),
})

/**
 * The multiplayer crash round loop. Time comes from `now` and advances only in `tick`, so tests
 * drive whole rounds with a fake clock. Money moves only through the wallet; every movement has a
 * transaction id derived from game, round and player, so a retried or repeated settlement is safe.
 */
export const createCrashEngine = (deps: {
  wallet: Pick<WalletClient, 'debit' | 'credit' | 'rollback'>
  chain: CrashChain
  now: () => number
  timing: CrashTiming
  broadcast: (message: CrashServerMessage) => void
}) => {
  const { wallet, chain, now, timing, broadcast } = deps
  const history: PastRound[] = []
  const unsettled = new Map<
    string,
    { playerId: string; gameNumber: number; amount: number; retryAt: number }
  >()
  let round: Round | undefined
  let ticking = false

  const txn = (gameNumber: number, playerId: string, what: string) =>
    `${CRASH_GAME_ID}:${gameNumber}:${playerId}:${what}`

  const openRound = async (at: number) => {
    const { gameNumber, hash } = await chain.take()
    const point = await crashPoint(hash, chain.salt)
    round = {
      gameNumber,
      hash,
      crashPoint: point,
      crashMs: msToReach(point),
      phase: 'betting',
      bettingEndsAt: at + timing.bettingMs,
      bets: new Map(),
    }
    broadcast({ type: 'betting', serverNow: now(), gameNumber, bettingEndsAt: round.bettingEndsAt })
  }

  /** Credits a settled bet; an unreachable wallet leaves it queued, retried later with the same id. */
  const settle = async (playerId: string, gameNumber: number, amount: number) => {
    const transactionId = txn(gameNumber, playerId, 'settle')
    const answer = await wallet.credit({
      transactionId,
      playerId,
      gameId: CRASH_GAME_ID,
      roundId: String(gameNumber),
      amount,
    })
    if (!answer.ok && answer.code === 'CASINO_WALLET.UNREACHABLE') {
      unsettled.set(transactionId, { playerId, gameNumber, amount, retryAt: now() + RETRY_MS })
    }
    return answer
  }

  const cashOutAt = (r: Round, bet: Bet, multiplier: number) => {
    bet.status = 'cashed'
    bet.cashedAt = multiplier
    bet.win = Math.floor((bet.stake * multiplier) / 100)
    broadcast({ type: 'cashout', serverNow: now(), bet: publicBet(bet) })
    return settle(bet.playerId, r.gameNumber, bet.win)
  }

  const advance = async (t: number) => {
    if (!round) return openRound(t)
    const r = round
    if (r.phase === 'betting' && t >= r.bettingEndsAt) {
      r.phase = 'running'
      r.startedAt = r.bettingEndsAt
      broadcast({
        type: 'start',
        serverNow: now(),
        gameNumber: r.gameNumber,
        startedAt: r.startedAt,
      })
    }
    if (r.phase === 'running' && r.startedAt !== undefined) {
      const elapsed = Math.min(t - r.startedAt, r.crashMs)
      const reached = multiplierAt(elapsed)
      const settlements: Promise<unknown>[] = []
      for (const bet of r.bets.values()) {
        // A target the curve passed before the crash pays at exactly the target.
        if (
          bet.status === 'active' &&
          bet.autoCashOut &&
          bet.autoCashOut <= Math.min(reached, r.crashPoint)
        ) {
          settlements.push(cashOutAt(r, bet, bet.autoCashOut))
        }
      }
      if (t - r.startedAt >= r.crashMs) {
        r.phase = 'crashed'
        r.crashedAt = r.startedAt + r.crashMs
        const past = { gameNumber: r.gameNumber, crashPoint: r.crashPoint, hash: r.hash }
        history.unshift(past)
        history.length = Math.min(history.length, 30)
        for (const bet of r.bets.values()) {
          if (bet.status !== 'active') continue
          bet.status = 'lost'
          // A credit of 0 closes the lost round in the player's statement.
          settlements.push(settle(bet.playerId, r.gameNumber, 0))
        }
        broadcast({ type: 'crash', serverNow: now(), round: past, crashedAt: r.crashedAt })
      }
      await Promise.all(settlements)
    }
    if (r.phase === 'crashed' && r.crashedAt !== undefined && t >= r.crashedAt + timing.crashedMs) {
      await openRound(r.crashedAt + timing.crashedMs)
    }
  }

  return {
    /** Moves the round on to the clock's time; calls that overlap a running tick are skipped. */
    async tick(): Promise<void> {
      if (ticking) return
      ticking = true
      try {
        await advance(now())
        for (const [transactionId, s] of [...unsettled]) {
          if (s.retryAt > now()) continue
          unsettled.delete(transactionId)
          await settle(s.playerId, s.gameNumber, s.amount)
        }
      } finally {
        ticking = false
      }
    },

    async placeBet(player: Player, stake: number, autoCashOut?: number): Promise<CrashAnswer> {
      const r = round
      if (r?.phase !== 'betting' || now() >= r.bettingEndsAt) {
        return fail('CRASH.BET_WINDOW_CLOSED', 'Bets are closed for this round.')
      }
      if (r.bets.has(player.playerId))
        return fail('CRASH.ALREADY_BET', 'You already bet this round.')
      if (stake < timing.minStake || stake > timing.maxStake) {
        return fail('CRASH.STAKE_OUT_OF_RANGE', 'Stake is outside the table limits.')
      }
      const bet: Bet = {
        ...player,
        stake,
        status: 'pending',
        ...(autoCashOut ? { autoCashOut } : {}),
      }
      r.bets.set(player.playerId, bet)
      const base = {
        playerId: player.playerId,
        gameId: CRASH_GAME_ID,
        roundId: String(r.gameNumber),
      }
      const transactionId = txn(r.gameNumber, player.playerId, 'bet')
      const debit = await wallet.debit({ ...base, transactionId, amount: stake })
      if (!debit.ok || r !== round || r.phase !== 'betting') {
        r.bets.delete(player.playerId)
        if (!debit.ok && debit.code !== 'CASINO_WALLET.UNREACHABLE') return debit
        // The debit may have landed (or landed too late for the window): undo it.
        await wallet.rollback({
          ...base,
          transactionId: txn(r.gameNumber, player.playerId, 'bet-rollback'),
          referenceTransactionId: transactionId,
        })
        return debit.ok ? fail('CRASH.BET_WINDOW_CLOSED', 'Bets are closed for this round.') : debit
      }
      bet.status = 'active'
      broadcast({ type: 'bet', serverNow: now(), bet: publicBet(bet) })
      return { ok: true, me: publicBet(bet), balance: debit.data.balance }
    },

    async cashOut(playerId: string): Promise<CrashAnswer> {
      const r = round
      const bet = r?.bets.get(playerId)
      if (
        !r ||
        !bet ||
        bet.status !== 'active' ||
        r.phase !== 'running' ||
        r.startedAt === undefined
      ) {
        return fail('CRASH.NO_ACTIVE_BET', 'You have no running bet.')
      }
      const elapsed = now() - r.startedAt
      if (elapsed >= r.crashMs) return fail('CRASH.ROUND_CRASHED', 'The round has crashed.')
      const answer = await cashOutAt(r, bet, multiplierAt(elapsed))
      if (!answer.ok) return answer
      return { ok: true, me: publicBet(bet), balance: answer.data.balance }
    },

    snapshot(playerId?: string): { snapshot: CrashSnapshot; me?: PublicBet } {
      const r = round
      const fairness = {
        salt: chain.salt,
        terminatingHash: chain.terminatingHash,
        chainLength: chain.length,
      }
      if (!r) {
        return {
          snapshot: {
            phase: 'betting',
            gameNumber: 0,
            bettingEndsAt: now(),
            bets: [],
            history,
            fairness,
          },
        }
      }
      const crashed = r.phase === 'crashed'
      const mine = playerId ? r.bets.get(playerId) : undefined
      return {
        snapshot: {
          phase: r.phase,
          gameNumber: r.gameNumber,
          bettingEndsAt: r.bettingEndsAt,
          ...(r.startedAt !== undefined ? { startedAt: r.startedAt } : {}),
          ...(crashed ? { crashedAt: r.crashedAt, crashPoint: r.crashPoint, hash: r.hash } : {}),
          bets: [...r.bets.values()].filter((b) => b.status !== 'pending').map(publicBet),
          history,
          fairness,
        },
        ...(mine && mine.status !== 'pending' ? { me: publicBet(mine) } : {}),
      }
    },
  }
}
export type CrashEngine = ReturnType<typeof createCrashEngine>
