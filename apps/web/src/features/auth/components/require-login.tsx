import type { ComponentType, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useLoginUiStore } from '../stores/login-ui-store'
import { useSessionStore } from '../stores/session-store'
import styles from './require-login.module.css'

/** Account pages are the player's own data: guests get a prompt that returns them here after login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const isLogin = useSessionStore((s) => s.isLogin)
  const { pathname, search } = useLocation()
  const openLogin = useLoginUiStore((s) => s.openLogin)
  if (isLogin) return children
  return (
    <section className={styles.prompt}>
      <p>{t('auth.loginRequired')}</p>
      <button
        type="button"
        className={styles.button}
        onClick={() => openLogin({ target: `${pathname}${search}` })}
      >
        {t('auth.logIn')}
      </button>
    </section>
  )
}

/**
 * `loginRequired(Body)`: a page that mounts Body, and so runs its queries and forms, only once
 * the player is logged in.
 */
export function loginRequired(Body: ComponentType): ComponentType {
  return function LoginRequiredPage() {
    return (
      <RequireLogin>
        <Body />
      </RequireLogin>
    )
  }
}
