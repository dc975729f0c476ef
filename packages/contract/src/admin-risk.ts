import { z } from 'zod'
import { ok } from './envelope'
import { marketStatus } from './market'
import { rupees } from './money'

/** GET admin/markets/:id/risk: where a market's money stands for the house (admin.ts lists the rest). */

export const riskResponse = ok(
  z.object({
    marketId: z.string(),
    status: marketStatus,
    /** Per runner: what the house wins (+) or pays (−) if it wins, over every player. */
    runners: z.array(
      z.object({
        selectionId: z.string(),
        name: z.string(),
        housePl: rupees,
        backStake: rupees,
        layStake: rupees,
      }),
    ),
    matchedVolume: rupees,
    unmatchedVolume: rupees,
    betCount: z.number().int(),
    topPlayers: z.array(
      z.object({
        userId: z.string(),
        userName: z.string(),
        /** The player's worst case on this market (a loss, as a positive number). */
        exposure: rupees,
      }),
    ),
    /**
     * Bookmaker bets the house line guard refused because their price beat the exchange's
     * opposite price for the player (the runner was suspended), newest first.
     */
    guardEvents: z.array(
      z.object({
        at: z.iso.datetime({ offset: true }),
        selectionId: z.string(),
        runnerName: z.string(),
        side: z.enum(['BACK', 'LAY']),
        /** Decimal odds of the refused bet and of the exchange price it beat. */
        price: z.number(),
        exchangePrice: z.number(),
      }),
    ),
  }),
)
export type MarketRisk = z.infer<typeof riskResponse>['data']
