import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useMatch } from 'react-router'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'
import { MatchedBets } from '../../open-bets/components/matched-bets'
import { UnmatchedBets } from '../../open-bets/components/unmatched-bets'
import { EditStakesButton } from '../../stakes/components/edit-stakes'
import { OneClickSettings } from '../../stakes/components/one-click-settings'
import { useBetSlip } from '../stores/bet-slip-store'
import { BetReceipt } from './bet-receipt'
import styles from './bet-slip.module.css'
import { BetSlipForm } from './bet-slip-form'

type Tab = 'slip' | 'open'

/** The slip panel: its empty text, or stage 1 inline when confirmation is off (§2). */
function BetslipTab() {
  const { t } = useTranslation()
  const stage = useBetSlip((s) => s.stage)
  const confirmation = useBetSlip((s) => s.confirmation)
  const setConfirmation = useBetSlip((s) => s.setConfirmation)
  const inline = stage === 'confirm' && !confirmation
  return (
    <div className={styles.tabBody}>
      <BetReceipt placement="sidebar" />
      {inline ? <BetSlipForm /> : <p className={styles.empty}>{t('betslip.empty')}</p>}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={confirmation}
          onChange={(e) => setConfirmation(e.target.checked)}
        />
        {t('betslip.confirmBets')}
      </label>
    </div>
  )
}

/**
 * Right desktop sidebar (§2, 1024 px and wider): Betslip and Open Bets tabs, Edit Stakes for
 * logged-in players and a login prompt for guests. The bet popup itself belongs to the pages
 * where prices are clicked, so it exists on mobile too.
 */
export function RightSidebar() {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  const openLogin = useLoginUiStore((s) => s.openLogin)
  const [tab, setTab] = useState<Tab>('slip')
  const event = useMatch('/event-page/:eventTypeId/:eventId/*')
  const matchId = event?.params.eventId
  return (
    <aside className={styles.sidebar} aria-label={t('betslip.sidebar')}>
      <div className={styles.tabs} role="tablist">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'slip'}
          className={styles.tab}
          onClick={() => setTab('slip')}
        >
          {t('betslip.betslip')}
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'open'}
          className={styles.tab}
          onClick={() => setTab('open')}
        >
          {t('betslip.openBets')}
        </button>
      </div>
      {loggedIn ? (
        <div className={styles.sidebarTools}>
          <OneClickSettings />
          <EditStakesButton />
        </div>
      ) : (
        <p className={styles.loginPrompt}>
          {t('betslip.loginPrompt')}{' '}
          <button type="button" className={styles.link} onClick={() => openLogin()}>
            {t('betslip.logIn')}
          </button>
        </p>
      )}
      {tab === 'slip' ? (
        <BetslipTab />
      ) : loggedIn ? (
        <div className={styles.tabBody}>
          <UnmatchedBets {...(matchId ? { matchId } : {})} poll={!matchId} />
          <MatchedBets {...(matchId ? { matchId } : {})} redirect={false} poll={!matchId} />
        </div>
      ) : (
        <p className={styles.empty}>{t('betslip.loginForOpenBets')}</p>
      )}
    </aside>
  )
}
