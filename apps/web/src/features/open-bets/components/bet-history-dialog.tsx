import type { OrderEvent } from '@backlay/contract/bets'
import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import { formatDateTime, formatMoney, formatOdds } from '../../../lib/format'
import type { DialogState } from '../../../lib/lazy-overlay'
import { useOrderHistory } from '../api/get-order-history'
import styles from './bet-history.module.css'

/** A bet's history: placed, matched parts, off the book, settled. */
export function BetHistoryDialog({
  betId,
  name,
  open,
  onOpenChange,
}: { betId: string; name: string } & DialogState) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} onClick={(e) => e.stopPropagation()}>
          <History betId={betId} name={name} />
          <Dialog.Close className={styles.close}>{t('openbets.history.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function History({ betId, name }: { betId: string; name: string }) {
  const { t } = useTranslation()
  const history = useOrderHistory(betId)
  const data = history.data
  return (
    <>
      <Dialog.Title className={styles.title}>{t('openbets.history.title', { name })}</Dialog.Title>
      <Dialog.Description className={styles.hint}>
        {data
          ? `${data.match_name} · ${data.market_name} · ${t(data.is_back === 1 ? 'openbets.history.back' : 'openbets.history.lay')}`
          : t(history.isError ? 'openbets.history.failed' : 'openbets.history.loading')}
      </Dialog.Description>
      {data ? (
        <ol className={styles.events}>
          {data.events.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a history is replaced whole, never reordered, and two fills can share every field
            <li key={i} className={styles.event} data-kind={e.kind}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <span>{describe(t, e)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  )
}

type T = ReturnType<typeof useTranslation>['t']

/** One line of the history, in the player's language. */
function describe(t: T, e: OrderEvent): string {
  const stake = formatMoney(e.stake ?? 0)
  const odds = e.odds === null ? '' : formatOdds(e.odds)
  switch (e.kind) {
    case 'PLACED':
      return t('openbets.history.placed', { stake, odds })
    case 'MATCHED': {
      const line = t('openbets.history.matched', { stake, odds })
      if (e.voided) return `${line} · ${t('openbets.history.voided')}`
      if (e.reducedTo !== null)
        return `${line} · ${t('openbets.history.reduced', { odds: formatOdds(e.reducedTo) })}`
      return line
    }
    case 'SETTLED':
      return t('openbets.history.settled', {
        result: t(`openbets.history.results.${e.result ?? 'VOID'}`),
        pl: formatMoney(e.pl ?? 0),
      })
    default:
      return t(`openbets.history.kinds.${e.kind}`, { stake })
  }
}
