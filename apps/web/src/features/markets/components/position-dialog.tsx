import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import { formatMoney } from '../../../lib/format'
import { useFancyPosition } from '../api/get-team-position'
import styles from './position-dialog.module.css'

export type LadderTarget =
  | { kind: 'market'; market: MarketDetail; positions: ReadonlyMap<string, number> | undefined }
  | { kind: 'fancy'; fancy: Fancy }

const plClass = (pl: number) => (pl >= 0 ? styles.up : styles.down)

/** The position icon's popup: P/L per runner, or a session line's P/L per final run count. */
export function PositionDialog({
  target,
  onClose,
}: {
  target: LadderTarget | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>
            {target?.kind === 'fancy' ? target.fancy.fancy_name : target?.market.market_name}
          </Dialog.Title>
          <Dialog.Description className={styles.hint}>{t('markets.position')}</Dialog.Description>
          {target?.kind === 'fancy' ? <RunLadder fancyId={target.fancy.fancy_id} /> : null}
          {target?.kind === 'market' ? (
            <table className={styles.table}>
              <tbody>
                {target.market.runners.map((r) => {
                  const pl = target.positions?.get(r.selectionId) ?? r.win_loss ?? 0
                  return (
                    <tr key={r.selectionId}>
                      <th scope="row">{r.runnerName}</th>
                      <td className={plClass(pl)}>{formatMoney(pl)}</td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          ) : null}
          <Dialog.Close className={styles.close}>{t('markets.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function RunLadder({ fancyId }: { fancyId: string }) {
  const { t } = useTranslation()
  const ladder = useFancyPosition(fancyId)
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>{t('markets.runs')}</th>
          <th>{t('markets.pl')}</th>
        </tr>
      </thead>
      <tbody>
        {(ladder.data ?? []).map((row) => (
          <tr key={row.run}>
            <th scope="row">{row.run}</th>
            <td className={plClass(row.user_pl)}>{formatMoney(row.user_pl)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
