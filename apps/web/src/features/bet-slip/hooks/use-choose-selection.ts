import { useCallback, useRef } from 'react'
import { useOneClick } from '../../stakes/components/one-click-settings'
import { type SlipSelection, useBetSlip } from '../stores/bet-slip-store'
import { useSubmitSlip } from './use-submit-slip'

/**
 * What a price click does (§4): fill the slip and open stage 1, or with one-click on, take the
 * selected one-click stake and send at once (the popup shows only the processing stage). A
 * caller with its own one-click stake (the ladder) passes it.
 */
export function useChooseSelection() {
  const oneClick = useOneClick()
  const submit = useSubmitSlip()
  const latest = useRef({ oneClick, submit })
  latest.current = { oneClick, submit }
  return useCallback((selection: SlipSelection, oneClickStake?: number) => {
    const { oneClick: settings, submit: send } = latest.current
    const stake =
      oneClickStake ?? (settings?.active ? settings.settings[settings.selected] : undefined)
    if (stake) {
      useBetSlip.getState().select({ ...selection, fromOneClick: true }, stake)
      void send()
      return
    }
    useBetSlip.getState().select(selection)
  }, [])
}
