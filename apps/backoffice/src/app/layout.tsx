import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Navigate, NavLink, Outlet } from 'react-router'
import { AlertBanner } from '../features/alerts/components/alert-banner'
import { session, useSession } from '../lib/session'

/** The signed-in console: navigation on the left (admin-only sections hidden for agents), the page on the right. */
export function ConsoleLayout() {
  const { t } = useTranslation()
  const current = useSession()
  const queryClient = useQueryClient()
  if (!current) return <Navigate to="/login" replace />
  const admin = current.operator.role === 'admin'
  const links = [
    { to: '/dashboard', label: t('shell.nav.dashboard') },
    { to: '/reports', label: t('shell.nav.reports') },
    { to: '/markets', label: t('shell.nav.markets') },
    { to: '/players', label: t('shell.nav.players') },
    { to: '/payments', label: t('shell.nav.payments') },
    ...(admin
      ? [
          { to: '/brands', label: t('shell.nav.brands') },
          { to: '/alerts', label: t('shell.nav.alerts') },
          { to: '/feed', label: t('shell.nav.feed') },
        ]
      : []),
    { to: '/audit', label: t('shell.nav.audit') },
  ]
  return (
    <div className="console">
      <nav className="console-nav" aria-label={t('shell.nav.label')}>
        <div className="brand">{t('shell.title')}</div>
        {links.map((l) => (
          <NavLink key={l.to} to={l.to}>
            {l.label}
          </NavLink>
        ))}
        <div className="whoami">
          <span>{current.operator.name}</span>
          <small>{t(`shell.role.${current.operator.role}`)}</small>
          <button
            type="button"
            className="link"
            onClick={() => {
              session.set(null)
              queryClient.clear()
            }}
          >
            {t('shell.signOut')}
          </button>
        </div>
      </nav>
      <main className="console-main">
        <AlertBanner enabled={admin} />
        <Outlet />
      </main>
    </div>
  )
}
