import { autoCashOutRequest } from '@backlay/contract/bets'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { showToast } from '../../../lib/toast'
import { autoCashOutKey, removeAutoCashOut, setAutoCashOut, useAutoCashOut } from '../api/cash-out'
import styles from './cash-out.module.css'

const amountOf = (typed: string) => (typed.trim() === '' ? null : Number(typed))

/**
 * The cash-out dialog's automatic cash-out: a profit target and/or a loss limit on what a full
 * cash-out locks in; the server cashes out once when one is crossed (and says so in a toast).
 */
export function AutoCashOutForm({ marketId }: { marketId: string }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const rule = useAutoCashOut(marketId, true)
  const [profit, setProfit] = useState('')
  const [loss, setLoss] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const active = rule.data?.state === 'ACTIVE' ? rule.data : null

  const send = async (action: () => Promise<{ msg?: string | undefined }>) => {
    setBusy(true)
    try {
      const answer = await action()
      showToast({ type: 'success', message: answer.msg ?? '', shell: true })
      setProfit('')
      setLoss('')
    } catch (e) {
      showToast({ type: 'error', message: (e as Error).message, shell: true })
    } finally {
      setBusy(false)
      void client.invalidateQueries({ queryKey: autoCashOutKey(marketId) })
    }
  }

  const submit = () => {
    const body = { marketId, profitTarget: amountOf(profit), lossLimit: amountOf(loss) }
    const checked = autoCashOutRequest.safeParse(body)
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? t('betslip.autoCashOut.invalid'))
      return
    }
    setError(null)
    void send(() => setAutoCashOut(body))
  }

  return (
    <section className={styles.auto} aria-label={t('betslip.autoCashOut.title')}>
      <h3 className={styles.autoTitle}>{t('betslip.autoCashOut.title')}</h3>
      {active ? (
        <p className={styles.autoActive} data-testid="auto-cash-out-active">
          {t('betslip.autoCashOut.active', {
            profit: active.profitTarget === null ? '–' : formatMoney(active.profitTarget),
            loss: active.lossLimit === null ? '–' : formatMoney(active.lossLimit),
          })}
        </p>
      ) : (
        <p className={styles.autoHint}>{t('betslip.autoCashOut.hint')}</p>
      )}
      <div className={styles.autoFields}>
        <label>
          {t('betslip.autoCashOut.profitTarget')}
          <input inputMode="decimal" value={profit} onChange={(e) => setProfit(e.target.value)} />
        </label>
        <label>
          {t('betslip.autoCashOut.lossLimit')}
          <input inputMode="decimal" value={loss} onChange={(e) => setLoss(e.target.value)} />
        </label>
      </div>
      {error ? (
        <p className={styles.loss} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        {active ? (
          <button
            type="button"
            className={styles.secondary}
            disabled={busy}
            onClick={() => void send(() => removeAutoCashOut(marketId))}
          >
            {t('betslip.autoCashOut.remove')}
          </button>
        ) : null}
        <button type="button" className={styles.primary} disabled={busy} onClick={submit}>
          {t('betslip.autoCashOut.set')}
        </button>
      </div>
    </section>
  )
}
