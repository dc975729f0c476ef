import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../../lib/format'
import { loginRequired } from '../../auth/components/require-login'
import { useAppKeyActions, useAppKeys } from '../api/app-keys'
import styles from './account-pages.module.css'

/**
 * /api-access: the player's application keys for the trading API (Betfair-compatible), each
 * with when it was made and last used, and the two addresses a Betfair client points at.
 */
export const ApiAccessPage = loginRequired(ApiKeys)

function ApiKeys() {
  const { t } = useTranslation()
  const keys = useAppKeys()
  const { create, revoke } = useAppKeyActions()
  const origin = window.location.origin
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('account.apiAccess')}</h1>
      <p className={styles.muted}>{t('account.apiIntro')}</p>
      <dl className={styles.addresses}>
        <dt>{t('account.apiIdentity')}</dt>
        <dd>
          <code>{`${origin}/betfair/identity/api/`}</code>
        </dd>
        <dt>{t('account.apiExchange')}</dt>
        <dd>
          <code>{`${origin}/betfair/exchange/`}</code>
        </dd>
      </dl>
      <button
        type="button"
        className={styles.primary}
        disabled={create.isPending}
        onClick={() => create.mutate()}
      >
        {t('account.apiCreate')}
      </button>
      {keys.data?.length === 0 ? <p>{t('account.apiNone')}</p> : null}
      <ul className={styles.keys}>
        {(keys.data ?? []).map((key) => (
          <li key={key.appKey} className={styles.key}>
            {/* Read-only, so the key can be selected and copied whole. */}
            <input
              className={styles.keyText}
              readOnly
              value={key.appKey}
              aria-label={t('account.apiKey')}
              onFocus={(e) => e.target.select()}
            />
            <small className={styles.muted}>
              {t('account.apiCreated', { at: formatDateTime(key.createdAt) })} ·{' '}
              {key.lastUsedAt
                ? t('account.apiLastUsed', { at: formatDateTime(key.lastUsedAt) })
                : t('account.apiNeverUsed')}
            </small>
            <button
              type="button"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(key.appKey)}
            >
              {t('account.apiRevoke')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
