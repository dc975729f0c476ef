import { AndarBaharPage } from './features/andar-bahar/andar-bahar-page'
import { CrashPage } from './features/crash/crash-page'
import { LaunchPage } from './features/launch/launch-page'
import { LobbyPage } from './features/lobby/lobby-page'
import { SlotPage } from './features/slot/slot-page'
import { VerifyPage } from './features/verify/verify-page'
import { money, t } from './lib/i18n'
import { navigate, useLocation } from './lib/router'
import { usePlayer } from './lib/session'
import { useParentResize } from './lib/use-parent-resize'

const page = (path: string) => {
  if (path.startsWith('/launch')) return <LaunchPage />
  if (path.startsWith('/play/aviator')) return <CrashPage />
  if (path.startsWith('/play/lotus-sevens')) return <SlotPage />
  if (path.startsWith('/play/andar-bahar')) return <AndarBaharPage />
  if (path.startsWith('/verify')) return <VerifyPage />
  return <LobbyPage />
}

export const App = () => {
  const location = useLocation()
  const player = usePlayer()
  useParentResize()
  return (
    <div className="shell">
      <header className="topbar">
        <a
          className="brand"
          href="/lobby"
          onClick={(e) => {
            e.preventDefault()
            navigate('/lobby')
          }}
        >
          <span className="brand-mark">◆</span> {t('shell.brand')}
        </a>
        {player && (
          <div className="wallet" aria-live="polite">
            <span className="wallet-name">{player.displayName}</span>
            <span className="wallet-balance" title={t('shell.balance')}>
              {money(player.balance)}
            </span>
          </div>
        )}
      </header>
      <main className="content">{page(location.split('?')[0] ?? '/')}</main>
    </div>
  )
}
