import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds, formatWhole } from '../../../lib/format'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { useIsLoggedIn } from '../../markets/hooks/use-auth'
import { useStakeButtons } from '../../stakes/api/get-stake-buttons'
import { EditStakesButton } from '../../stakes/components/edit-stakes'
import { useBetSettings } from '../api/save-bet-settings'
import { useSubmitSlip } from '../hooks/use-submit-slip'
import {
  betOutcome,
  isExchangeSlip,
  placeBlocker,
  sessionLiability,
  stakeValue,
  stepOdds,
} from '../slip-rules'
import { useBetSlip } from '../stores/bet-slip-store'
import styles from './bet-slip.module.css'

/**
 * Stage 1 of §2: the selection, its odds and stake, the stake buttons, Cancel Bet and Place Bet
 * (with the delay and the Profit or Liability). Used in the popup and in the desktop slip.
 */
export function BetSlipForm() {
  const { t } = useTranslation()
  const loggedIn = useIsLoggedIn()
  const openLogin = useLoginUiStore((s) => s.openLogin)
  const selection = useBetSlip((s) => s.selection)
  const stake = useBetSlip((s) => s.stake)
  const stakeError = useBetSlip((s) => s.stakeError)
  const originalPrice = useBetSlip((s) => s.originalPrice)
  const keepInPlay = useBetSlip((s) => s.keepInPlay)
  const { setStake, addStake, setPrice, cancel, setKeepInPlay } = useBetSlip.getState()
  const buttons = useStakeButtons()
  const [betSettings, saveBetSettings] = useBetSettings()
  const submit = useSubmitSlip()
  if (!selection) return null

  const session = selection.marketType === 'SESSION'
  const amount = stakeValue(stake)
  const blocker = placeBlocker(selection.marketType, amount, selection.price, selection.fancyPrice)
  const outcome = betOutcome(
    selection.marketType,
    selection.isBack,
    amount,
    selection.price,
    selection.fancyPrice,
  )
  const oddsChanged = originalPrice !== null && originalPrice !== selection.price
  const side = selection.isBack ? styles.backTint : styles.layTint
  const canEditOdds = isExchangeSlip(selection)
  const fillOrKill = betSettings?.fillOrKill === true

  return (
    <div className={`${styles.form} ${side}`}>
      <p className={styles.eventName}>{selection.eventName}</p>
      <p className={styles.pick}>
        {t(selection.isBack ? 'betslip.backing' : 'betslip.laying')}{' '}
        <strong>{selection.runnerName}</strong>
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            {session ? <th>{t('betslip.runs')}</th> : null}
            <th>{t(session ? 'betslip.oddsHJ' : 'betslip.odds')}</th>
            <th>{t('betslip.stake')}</th>
            <th>{t(session ? 'betslip.liability' : 'betslip.profit')}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            {session ? <td>{selection.line}</td> : null}
            <td>
              {canEditOdds ? (
                <span className={styles.oddsInput}>
                  <button
                    type="button"
                    aria-label={t('betslip.oddsDown')}
                    onClick={() => setPrice(stepOdds(selection.price, 'down'), true)}
                  >
                    −
                  </button>
                  <input
                    aria-label={t('betslip.odds')}
                    inputMode="decimal"
                    value={formatOdds(selection.price)}
                    onChange={(e) => {
                      const n = Number(e.target.value)
                      if (Number.isFinite(n)) setPrice(n, true)
                    }}
                  />
                  <button
                    type="button"
                    aria-label={t('betslip.oddsUp')}
                    onClick={() => setPrice(stepOdds(selection.price, 'up'), true)}
                  >
                    +
                  </button>
                </span>
              ) : (
                <span>{session ? selection.fancyPrice : formatOdds(selection.price)}</span>
              )}
            </td>
            <td>
              <input
                className={styles.stakeInput}
                aria-label={t('betslip.stake')}
                inputMode="decimal"
                value={stake}
                placeholder="0"
                onChange={(e) => setStake(e.target.value, loggedIn)}
              />
            </td>
            <td data-testid="slip-outcome">
              {formatMoney(
                session
                  ? sessionLiability(selection.isBack, amount, selection.fancyPrice)
                  : outcome.amount,
              )}
            </td>
          </tr>
        </tbody>
      </table>
      {stakeError ? (
        <p className={styles.error} role="alert">
          {stakeError}
        </p>
      ) : null}
      {blocker ? (
        <p className={styles.error} role="alert">
          {blocker}
        </p>
      ) : null}
      {oddsChanged ? (
        <p className={styles.notice} role="status">
          {t('betslip.oddsChanged', {
            from: session ? originalPrice : formatOdds(originalPrice),
            to: session ? selection.price : formatOdds(selection.price),
          })}
        </p>
      ) : null}
      <p className={styles.limits}>
        {t('betslip.minMax', {
          min: formatWhole(selection.minBet),
          max: formatWhole(selection.maxBet),
        })}
      </p>
      {canEditOdds && betSettings ? (
        <label className={styles.keep}>
          <input
            type="checkbox"
            checked={fillOrKill}
            onChange={(e) => void saveBetSettings({ ...betSettings, fillOrKill: e.target.checked })}
          />
          {t('betslip.fillOrKill')}
        </label>
      ) : null}
      {canEditOdds && !selection.inPlay && !fillOrKill ? (
        <label className={styles.keep}>
          <input
            type="checkbox"
            checked={keepInPlay}
            onChange={(e) => setKeepInPlay(e.target.checked)}
          />
          {t('betslip.keepInPlay')}
        </label>
      ) : null}
      {loggedIn ? <EditStakesButton /> : null}
      <div className={styles.presets}>
        {buttons.map((value) => (
          <button
            key={value}
            type="button"
            className={styles.preset}
            onClick={() => addStake(value, loggedIn)}
          >
            {formatWhole(value)}
          </button>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.cancel} onClick={cancel}>
          {t('betslip.cancelBet')}
        </button>
        {loggedIn ? (
          <button
            type="button"
            className={styles.place}
            disabled={blocker !== null}
            onClick={() => void submit()}
          >
            <span>{t('betslip.placeBet')}</span>
            <span className={styles.placeMeta}>
              {t('betslip.delay', { seconds: selection.delay })} ·{' '}
              {t(outcome.kind === 'profit' ? 'betslip.profit' : 'betslip.liability')}{' '}
              {formatMoney(outcome.amount)}
            </span>
          </button>
        ) : (
          <button
            type="button"
            className={styles.place}
            onClick={() => {
              // The login dialog takes over; the selection would be stale by the time it closes.
              cancel()
              openLogin()
            }}
          >
            {t('betslip.logIn')}
          </button>
        )}
      </div>
    </div>
  )
}
