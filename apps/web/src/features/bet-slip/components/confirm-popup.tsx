import { useEffect } from 'react'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { useDesktop } from '../hooks/use-desktop'
import { useBetSlip } from '../stores/bet-slip-store'

const ConfirmPopupDialog = lazyNamed(() => import('./confirm-popup-dialog'), 'ConfirmPopupDialog')

/**
 * The bet popup of §2: stage 1 (confirm) centred from 1024 px and full screen below, then stage 2
 * (processing). On desktop with confirmation off, stage 1 lives in the sidebar slip instead.
 * Its code is not part of the page's first download; it is fetched once the page is idle, so the
 * first bet's popup does not wait for it either.
 */
export function ConfirmPopup() {
  const desktop = useDesktop()
  const stage = useBetSlip((s) => s.stage)
  const confirmation = useBetSlip((s) => s.confirmation)
  const fromOneClick = useBetSlip((s) => s.selection?.fromOneClick === true)
  const open =
    stage === 'processing' || (stage === 'confirm' && (confirmation || !desktop || fromOneClick))
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? setTimeout
    whenIdle(() => void ConfirmPopupDialog.preload())
  }, [])
  return (
    <OnceOpened open={open}>
      <ConfirmPopupDialog open={open} desktop={desktop} />
    </OnceOpened>
  )
}
