import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatMoney } from '../../../lib/format'
import { signOut } from '../../auth/api/login'
import { useSessionStore } from '../../auth/stores/session-store'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { useBalance } from '../api/get-balance'
import styles from './account.module.css'

/**
 * Shell §2 right drawer: name (country code and mobile for a password-less phone sign-up),
 * balance information, statements, account settings and account actions.
 */
export function AccountDrawer({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const site = useSiteConfig()
  const balance = useBalance()
  const close = () => onOpenChange(false)
  if (!user) return null
  const shownName =
    user.is_signup_by_otpless && user.otpless_identity_type === 'phone'
      ? `${user.country_code ?? ''} ${user.mobile ?? ''}`.trim()
      : user.name
  const item = (to: string, key: string) => (
    <li>
      <Link className={styles.drawerLink} to={to} onClick={close}>
        {t(key)}
      </Link>
    </li>
  )

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <div className={styles.drawerHead}>
            <Dialog.Title className={styles.name}>{shownName}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('account.close')}>
              ×
            </Dialog.Close>
          </div>
          <section className={styles.group} aria-label={t('account.balanceInformation')}>
            <h3 className={styles.groupTitle}>{t('account.balanceInformation')}</h3>
            <dl className={styles.figures}>
              <div>
                <dt>{t('account.balance')}</dt>
                <dd>{balance.data ? formatMoney(balance.data.balance) : '—'}</dd>
              </div>
              <div>
                <dt>{t('account.netExposure')}</dt>
                <dd>{balance.data ? formatMoney(balance.data.liability) : '—'}</dd>
              </div>
              <div>
                <dt>{t('account.freeCash')}</dt>
                <dd>{formatMoney(0)}</dd>
              </div>
            </dl>
          </section>
          <section className={styles.group}>
            <h3 className={styles.groupTitle}>{t('account.statements')}</h3>
            <ul>
              {item('/open-bets', 'account.openBets')}
              {item('/betting-profit-loss', 'account.bettingProfitLoss')}
              {item('/account-statement', 'account.accountStatement')}
              {item('/transfer-statement', 'account.transferStatement')}
              {item('/bonuses', 'account.bonuses')}
              {item('/transactions', 'account.transactions')}
              {site.isDeposit ? item('/deposit', 'account.deposit') : null}
            </ul>
          </section>
          <section className={styles.group}>
            <h3 className={styles.groupTitle}>{t('account.accountSettings')}</h3>
            <ul>
              {item('/time-setting', 'account.timeSettings')}
              {item('/settings', 'account.settings')}
              {item('/api-access', 'account.apiAccess')}
            </ul>
          </section>
          <section className={styles.group}>
            <h3 className={styles.groupTitle}>{t('account.accountActions')}</h3>
            <ul>
              {item('/change-password', 'account.changePassword')}
              <li>
                <button
                  type="button"
                  className={styles.drawerLink}
                  onClick={() => {
                    close()
                    void signOut()
                  }}
                >
                  {t('account.signOut')}
                </button>
              </li>
            </ul>
          </section>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
