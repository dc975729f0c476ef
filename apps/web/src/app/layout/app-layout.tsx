import { useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { AccountDrawer } from '../../features/account/components/account-drawer'
import { AuthDialog } from '../../features/auth/components/auth-dialog'
import { useReferral } from '../../features/auth/hooks/use-referral'
import { useSessionEnd } from '../../features/auth/hooks/use-session-end'
import { RightSidebar } from '../../features/bet-slip/components/right-sidebar'
import { useBrandHead } from '../../features/brand/hooks/use-brand-head'
import { SelectLanguageModal } from '../../features/language/components/select-language-modal'
import { LeftSidebar } from '../../features/navigation/components/left-sidebar'
import { MobileBottomBar } from '../../features/navigation/components/mobile-bottom-bar'
import { MobileDrawer } from '../../features/navigation/components/mobile-drawer'
import { NavButtons } from '../../features/navigation/components/nav-buttons'
import { useIsDesktop } from '../../lib/use-is-desktop'
import styles from './app-layout.module.css'
import { ConfirmDialog } from './confirm-dialog'
import { Footer, WhatsAppFloat } from './footer'
import { Header } from './header'
import { BannerPopup, TimedOverlay } from './overlays'
import { hasSideBars, isGamePage } from './page-title'

/**
 * Shell §2 layout: header (hidden on mobile casino and live-game pages), section buttons,
 * left and right side bars on desktop (none on indian-card-games), the page, the footer, the
 * mobile bottom bar (betting §2), and the dialogs and drawers every page shares.
 */
export function AppLayout() {
  const { pathname } = useLocation()
  const desktop = useIsDesktop()
  const [menuOpen, setMenuOpen] = useState(false)
  const [accountOpen, setAccountOpen] = useState(false)
  useBrandHead()
  useReferral()
  useSessionEnd()
  const game = isGamePage(pathname)
  const sideBars = desktop && hasSideBars(pathname) && !game
  const home = pathname === '/' || pathname === '/default-page'
  // Game frames fill the small screen, as they do without the header.
  const bottomBar = !desktop && !game

  return (
    <div className={`${styles.shell} ${bottomBar ? styles.withBottomBar : ''}`}>
      {desktop || !game ? (
        <Header onOpenMenu={() => setMenuOpen(true)} onOpenAccount={() => setAccountOpen(true)} />
      ) : null}
      {desktop || !game ? <NavButtons /> : null}
      <div className={`${styles.body} ${game ? styles.gameBody : ''}`}>
        {sideBars ? <LeftSidebar /> : null}
        <main className={styles.main}>
          {home ? <BannerPopup /> : null}
          <Outlet />
        </main>
        {sideBars ? (
          <aside className={styles.right}>
            <RightSidebar />
          </aside>
        ) : null}
      </div>
      <Footer />
      {home ? <WhatsAppFloat /> : null}
      {bottomBar ? <MobileBottomBar /> : null}
      <TimedOverlay />
      <MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} />
      <AccountDrawer open={accountOpen} onOpenChange={setAccountOpen} />
      <AuthDialog />
      <SelectLanguageModal />
      <ConfirmDialog />
    </div>
  )
}
