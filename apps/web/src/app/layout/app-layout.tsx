import { Suspense, useState } from 'react'
import { Outlet, useLocation } from 'react-router'
import { useReferral } from '../../features/auth/hooks/use-referral'
import { useSessionEnd } from '../../features/auth/hooks/use-session-end'
import { useBrandHead } from '../../features/brand/hooks/use-brand-head'
import { LeftSidebar } from '../../features/navigation/components/left-sidebar'
import { MobileBottomBar } from '../../features/navigation/components/mobile-bottom-bar'
import { NavButtons } from '../../features/navigation/components/nav-buttons'
import { lazyNamed, OnceOpened } from '../../lib/lazy-overlay'
import { useIsDesktop } from '../../lib/use-is-desktop'
import styles from './app-layout.module.css'
import { Footer, WhatsAppFloat } from './footer'
import { Header } from './header'
import { BannerPopup, TimedOverlay } from './overlays'
import { PageLoading } from './page-loading'
import { hasSideBars, isGamePage } from './page-title'
import { SharedDialogs } from './shared-dialogs'

// Drawers and the bet slip load when first wanted; the first screen carries none of them.
const MobileDrawer = lazyNamed(
  () => import('../../features/navigation/components/mobile-drawer'),
  'MobileDrawer',
)
const AccountDrawer = lazyNamed(
  () => import('../../features/account/components/account-drawer'),
  'AccountDrawer',
)
const RightSidebar = lazyNamed(
  () => import('../../features/bet-slip/components/right-sidebar'),
  'RightSidebar',
)

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
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </main>
        {sideBars ? (
          <aside className={styles.right}>
            <Suspense fallback={null}>
              <RightSidebar />
            </Suspense>
          </aside>
        ) : null}
      </div>
      <Footer />
      {home ? <WhatsAppFloat /> : null}
      {bottomBar ? <MobileBottomBar /> : null}
      <TimedOverlay />
      <OnceOpened open={menuOpen}>
        <MobileDrawer open={menuOpen} onOpenChange={setMenuOpen} />
      </OnceOpened>
      <OnceOpened open={accountOpen}>
        <AccountDrawer open={accountOpen} onOpenChange={setAccountOpen} />
      </OnceOpened>
      <SharedDialogs />
    </div>
  )
}
