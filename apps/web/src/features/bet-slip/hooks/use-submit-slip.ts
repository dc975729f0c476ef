import { placeBet, placeCombinedBet, useBetOutcome } from '../api/place-bet'
import { stakeValue } from '../slip-rules'
import { useBetSlip } from '../stores/bet-slip-store'

/**
 * Place Bet (§4): stage 2 counts the delay down while the server holds the bet; when the answer
 * comes the popup closes, the slip clears and the bet lists reload.
 */
export function useSubmitSlip() {
  const outcome = useBetOutcome()
  return async () => {
    const { selection, stake, startProcessing, finish } = useBetSlip.getState()
    if (!selection) return
    startProcessing(Date.now())
    const send = selection.legs ? placeCombinedBet : placeBet
    const result = await send(selection, stakeValue(stake))
    finish()
    outcome(result)
  }
}
