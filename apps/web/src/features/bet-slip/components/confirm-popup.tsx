import { useEffect } from 'react'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { useDesktop } from '../hooks/use-desktop'
import { useBetSlip } from '../stores/bet-slip-store'

const ConfirmPopupDialog = lazyNamed(() => import('./confirm-popup-dialog'), 'ConfirmPopupDialog')

/**
 * The bet popup of §2: stage 1 (confirm) centred from 1024 px and full screen below, then stage 2
 * (processing). On desktop with confirmation off, stage 1 lives in the sidebar slip instead.
 * Its code is not part of the page's first download: the player's first touch or key on the page
 * asks for it, a moment before the tap on a price that opens it, and without taking the page's
 * bandwidth while it loads.
 */
export function ConfirmPopup() {
  const desktop = useDesktop()
  const stage = useBetSlip((s) => s.stage)
  const confirmation = useBetSlip((s) => s.confirmation)
  const fromOneClick = useBetSlip((s) => s.selection?.fromOneClick === true)
  const open =
    stage === 'processing' || (stage === 'confirm' && (confirmation || !desktop || fromOneClick))
  useEffect(() => {
    // Offline, say: the popup asks for its code again when it opens.
    const preload = () => void ConfirmPopupDialog.preload().catch(() => undefined)
    const once = { once: true, capture: true, passive: true }
    window.addEventListener('pointerdown', preload, once)
    window.addEventListener('keydown', preload, once)
    return () => {
      window.removeEventListener('pointerdown', preload, once)
      window.removeEventListener('keydown', preload, once)
    }
  }, [])
  return (
    <OnceOpened open={open}>
      <ConfirmPopupDialog open={open} desktop={desktop} />
    </OnceOpened>
  )
}
