import { useTranslation } from 'react-i18next'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'
import { AvailableCredit } from './available-credit'
import { MatchedBets } from './matched-bets'
import styles from './open-bets.module.css'
import { UnmatchedBets } from './unmatched-bets'

/** /open-bets: every live bet, cards open their event (§2). */
export function OpenBetsPage() {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  const openLogin = useLoginUiStore((s) => s.openLogin)
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('openbets.title')}</h1>
      {loggedIn ? (
        <>
          <AvailableCredit />
          <UnmatchedBets poll />
          <MatchedBets redirect poll />
        </>
      ) : (
        <p className={styles.empty}>
          {t('openbets.loginPrompt')}{' '}
          <button
            type="button"
            className={styles.link}
            onClick={() => openLogin({ target: '/open-bets' })}
          >
            {t('openbets.logIn')}
          </button>
        </p>
      )}
    </div>
  )
}
