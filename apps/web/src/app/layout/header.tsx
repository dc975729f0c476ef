import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { useBalance } from '../../features/account/api/get-balance'
import { useLoginUiStore } from '../../features/auth/stores/login-ui-store'
import { useSessionStore } from '../../features/auth/stores/session-store'
import { useLanguageStore } from '../../features/language/stores/language-store'
import { NotificationBell } from '../../features/notifications/components/notification-bell'
import { Ticker } from '../../features/notifications/components/ticker'
import { SearchBox } from '../../features/search/components/search-box'
import { formatMoney } from '../../lib/format'
import { useIsDesktop } from '../../lib/use-is-desktop'
import { Clock } from './clock'
import styles from './header.module.css'
import { Logo } from './logo'
import { backSteps, pageTitle } from './page-title'
import { useHideOnScroll } from './use-hide-on-scroll'

interface HeaderProps {
  onOpenMenu: () => void
  onOpenAccount: () => void
}

/** Shell §2 header: ticker, logo, search, language, bell, balance and Account or Log In, clock. */
export function Header({ onOpenMenu, onOpenAccount }: HeaderProps) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const desktop = useIsDesktop()
  const hidden = useHideOnScroll()
  const isLogin = useSessionStore((s) => s.isLogin)
  const balance = useBalance()
  const openLogin = useLoginUiStore((s) => s.openLogin)
  const setLanguagePicker = useLoginUiStore((s) => s.setLanguagePicker)
  const language = useLanguageStore((s) => s.current)
  const [mobileSearch, setMobileSearch] = useState(false)
  const title = pageTitle(pathname)
  const home = pathname === '/' || pathname === '/default-page'

  return (
    <header
      className={`${styles.header} ${hidden ? styles.hidden : ''} ${isLogin ? styles.loggedIn : ''}`}
    >
      <Ticker />
      <div className={styles.row}>
        {desktop || home ? (
          <>
            {desktop ? null : (
              <button
                type="button"
                className={styles.iconButton}
                aria-label={t('shell.openMenu')}
                onClick={onOpenMenu}
              >
                <span className={styles.burger} aria-hidden="true" />
              </button>
            )}
            <Logo />
          </>
        ) : (
          <div className={styles.back}>
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('shell.back')}
              onClick={() => navigate(-backSteps(pathname))}
            >
              <span aria-hidden="true">‹</span>
            </button>
            {/* Not a heading: the page below carries its own h1. */}
            <span className={styles.pageTitle}>
              {title ? ('text' in title ? title.text : t(title.key)) : null}
            </span>
          </div>
        )}
        {desktop ? (
          <div className={styles.search}>
            <SearchBox />
          </div>
        ) : null}
        <div className={styles.actions}>
          {desktop ? (
            <Clock className={styles.clock} />
          ) : (
            <button
              type="button"
              className={styles.iconButton}
              aria-label={t('shell.toggleSearch')}
              aria-expanded={mobileSearch}
              onClick={() => setMobileSearch((o) => !o)}
            >
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
                />
              </svg>
            </button>
          )}
          <button
            type="button"
            className={styles.language}
            // The name holds the code it shows, so speech users can say what they see.
            aria-label={`${t('shell.chooseLanguage')}: ${language.toUpperCase()}`}
            onClick={() => setLanguagePicker(true)}
          >
            {language.toUpperCase()}
          </button>
          <NotificationBell />
          {isLogin ? (
            <>
              <button type="button" className={styles.balance} onClick={onOpenAccount}>
                <span className={styles.balanceLabel}>{t('shell.balance')}</span>
                <span>{balance.data ? formatMoney(balance.data.balance) : '—'}</span>
              </button>
              <button
                type="button"
                className={styles.account}
                aria-label={t('shell.account')}
                onClick={onOpenAccount}
              >
                {desktop ? (
                  t('shell.account')
                ) : (
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.42 0-8 2.24-8 5v3h16v-3c0-2.76-3.58-5-8-5Z"
                    />
                  </svg>
                )}
              </button>
            </>
          ) : (
            <button type="button" className={styles.login} onClick={() => openLogin()}>
              {t('shell.logIn')}
            </button>
          )}
        </div>
      </div>
      {!desktop ? (
        <div className={styles.mobileLine}>
          <Clock className={styles.clock} />
        </div>
      ) : null}
      {!desktop && mobileSearch ? (
        <div className={styles.mobileSearch}>
          <SearchBox autoFocus onDone={() => setMobileSearch(false)} />
        </div>
      ) : null}
    </header>
  )
}
