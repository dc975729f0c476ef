import {
  type HrBetLeg,
  type PlacedBet,
  saveBetRequest,
  saveBetResponse,
  saveFancyBetRequest,
  saveHrBetRequest,
  saveHrBetResponse,
} from '@backlay/contract/bets'
import { MSG } from '@backlay/contract/validation-messages'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { api } from '../../../lib/api-client'
import { STREAMED_KEYS } from '../../../lib/realtime'
import { showToast } from '../../../lib/toast'
import { splitStake } from '../stake-split'
import type { SlipSelection } from '../stores/bet-slip-store'

/** After any bet answer: open and unmatched bets, positions and balance are asked for again (§4). */
export function refreshAfterBet(client: QueryClient): void {
  for (const key of [
    STREAMED_KEYS.openBets,
    STREAMED_KEYS.unmatchedBets,
    STREAMED_KEYS.teamPosition,
    STREAMED_KEYS.fancyLiability,
    STREAMED_KEYS.balance,
    STREAMED_KEYS.matchDetails,
  ]) {
    void client.invalidateQueries({ queryKey: key })
  }
}

/** How an exchange bet is sent: kept in-play, or matched now or cancelled (fill-or-kill). */
export interface SendOptions {
  keepInPlay?: boolean
  fillOrKill?: boolean
}

const betBody = (s: SlipSelection, stake: number, { keepInPlay, fillOrKill }: SendOptions) =>
  s.marketType === 'SESSION'
    ? {
        path: 'bet/saveFancyBet',
        body: saveFancyBetRequest.parse({
          is_back: s.isBack ? 1 : 0,
          fancy_id: s.runnerId,
          run: s.line ?? s.price,
          size: s.fancyPrice,
          stack: stake,
        }),
      }
    : {
        path: 'bet/saveBet',
        body: saveBetRequest.parse({
          is_back: s.isBack ? 1 : 0,
          market_id: s.marketId,
          odds: s.price,
          selection_id: s.runnerId,
          stack: stake,
          ...(fillOrKill ? { fill_or_kill: true } : keepInPlay ? { persistence: 'PERSIST' } : {}),
        }),
      }

/** §8: the server's msg (the api client already prefers it), a form rule's message, else the fallback. */
const errorMessage = (error: unknown): string => {
  if (error instanceof z.ZodError) return error.issues[0]?.message ?? MSG.somethingWentWrong
  return error instanceof Error && error.message ? error.message : MSG.somethingWentWrong
}

/** Sends one bet; the answer says what matched and what rests (for the receipt). */
export async function placeBet(
  s: SlipSelection,
  stake: number,
  options: SendOptions = {},
): Promise<{ ok: boolean; msg: string; placed?: PlacedBet }> {
  try {
    const { path, body } = betBody(s, stake, options)
    const res = await api.post(path, body, saveBetResponse)
    return { ok: true, msg: res.msg ?? '', placed: res.data }
  } catch (error) {
    return { ok: false, msg: errorMessage(error) }
  }
}

/**
 * A combined racing bet: the stake is split over the legs in proportion to their odds (whole
 * rupees each) and the legs go as one list, all or nothing.
 */
export async function placeCombinedBet(
  s: SlipSelection,
  stake: number,
): Promise<{ ok: boolean; msg: string }> {
  const legs = s.legs ?? []
  const split = splitStake(stake, legs)
  if (!split.ok) return { ok: false, msg: split.msg }
  return placeHrBet(
    legs.map((leg, i) => ({
      selection_id: leg.selectionId,
      selection_name: leg.selectionName,
      market_id: s.marketId,
      odds: leg.odds,
      is_back: s.isBack ? 1 : 0,
      stack: split.stakes[i] as number,
    })),
  )
}

async function placeHrBet(legs: HrBetLeg[]): Promise<{ ok: boolean; msg: string }> {
  try {
    const res = await api.post('bet/saveHrBet', saveHrBetRequest.parse(legs), saveHrBetResponse)
    return { ok: true, msg: res.msg ?? '' }
  } catch (error) {
    return { ok: false, msg: errorMessage(error) }
  }
}

/** Shows the outcome in this area's toasts (§9: 1200 ms, top-center) and reloads the bet lists. */
export function useBetOutcome() {
  const client = useQueryClient()
  const { t } = useTranslation()
  return (result: { ok: boolean; msg: string }) => {
    showToast({
      type: result.ok ? 'success' : 'error',
      message: result.msg || t('betslip.placed'),
      shell: true,
    })
    refreshAfterBet(client)
  }
}
