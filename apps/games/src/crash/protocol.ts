import { z } from 'zod'

/** Messages of the crash game's WebSocket (/ws/crash). Multipliers are hundredths (2.5× → 250). */
export const crashClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('bet'),
    stake: z.number().int().positive(),
    autoCashOut: z.number().int().min(101).max(1_000_000).optional(),
  }),
  z.object({ type: z.literal('cashout') }),
])
export type CrashClientMessage = z.infer<typeof crashClientMessage>

export type PublicBet = {
  name: string
  stake: number
  autoCashOut?: number
  cashedAt?: number
  win?: number
  lost?: boolean
}
export type PastRound = { gameNumber: number; crashPoint: number; hash: string }

export type CrashSnapshot = {
  phase: 'betting' | 'running' | 'crashed'
  gameNumber: number
  bettingEndsAt: number
  startedAt?: number
  crashedAt?: number
  /** only once crashed: the round's multiplier and its chain hash */
  crashPoint?: number
  hash?: string
  bets: PublicBet[]
  history: PastRound[]
  fairness: { salt: string; terminatingHash: string; chainLength: number }
}

export type CrashServerMessage =
  | {
      type: 'snapshot'
      serverNow: number
      snapshot: CrashSnapshot
      me?: PublicBet
      balance?: number
    }
  | { type: 'betting'; serverNow: number; gameNumber: number; bettingEndsAt: number }
  | { type: 'start'; serverNow: number; gameNumber: number; startedAt: number }
  | { type: 'bet'; serverNow: number; bet: PublicBet }
  | { type: 'cashout'; serverNow: number; bet: PublicBet }
  | { type: 'crash'; serverNow: number; round: PastRound; crashedAt: number }
  | { type: 'result'; ok: true; action: 'bet' | 'cashout'; me: PublicBet; balance: number }
  | { type: 'result'; ok: false; action: 'bet' | 'cashout'; code: string; msg: string }
