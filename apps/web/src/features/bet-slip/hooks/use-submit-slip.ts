import { useSessionStore } from '../../auth/stores/session-store'
import { placeBet, placeCombinedBet, useBetOutcome } from '../api/place-bet'
import { isExchangeSlip, stakeValue } from '../slip-rules'
import { useBetReceipt } from '../stores/bet-receipt-store'
import { useBetSlip } from '../stores/bet-slip-store'

/**
 * Place Bet (§4): stage 2 counts the delay down while the server holds the bet; when the answer
 * comes the popup closes, the slip clears and the bet lists reload. A single bet leaves a receipt
 * of what matched and what rests.
 */
export function useSubmitSlip() {
  const outcome = useBetOutcome()
  return async () => {
    const { selection, stake, keepInPlay, startProcessing, finish } = useBetSlip.getState()
    if (!selection) return
    startProcessing(Date.now())
    const amount = stakeValue(stake)
    if (selection.legs) {
      const result = await placeCombinedBet(selection, amount)
      finish()
      outcome(result)
      return
    }
    const fillOrKill =
      isExchangeSlip(selection) &&
      useSessionStore.getState().user?.settings.betSettings.fillOrKill === true
    const result = await placeBet(selection, amount, { keepInPlay, fillOrKill })
    finish()
    if (result.placed && selection.marketType !== 'SESSION')
      useBetReceipt.getState().show({
        betId: result.placed.bet_id,
        matchId: selection.eventId,
        runnerName: selection.runnerName,
        marketName: selection.marketName,
        isBack: selection.isBack,
        price: selection.price,
        stake: amount,
        placed: result.placed,
      })
    outcome(result)
  }
}
