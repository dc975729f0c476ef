import type { Fancy } from '@backlay/contract/match-details'
import { memo, useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatWhole } from '../../../lib/format'
import { canClickCell, fancyHasLay, isFancySuspended } from '../display'
import type { StakeRange } from '../stake-limits'
import { Exposure } from './exposure'
import styles from './markets.module.css'
import { type CellSide, PriceCell } from './price-cell'

export type SelectFancy = (fancy: Fancy, isBack: boolean) => void

interface FancyRowProps {
  fancy: Fancy
  limits: StakeRange
  liability: number | undefined
  onSelect: SelectFancy
  onLadder: (fancy: Fancy) => void
}

const FancyRow = memo(function FancyRow({
  fancy,
  limits,
  liability,
  onSelect,
  onLadder,
}: FancyRowProps) {
  const { t } = useTranslation()
  const suspended = isFancySuspended(fancy)
  const hasLay = fancyHasLay(fancy)
  const noClickable = hasLay && canClickCell(suspended, fancy.LayPrice1)
  const yesClickable = canClickCell(suspended, fancy.BackPrice1)
  // Clicks read the line of the last render, so the press handler never changes.
  const latest = useRef(fancy)
  latest.current = fancy
  const press = useCallback(
    (side: CellSide) => onSelect(latest.current, side === 'back'),
    [onSelect],
  )
  return (
    <div className={styles.fancyRow} data-fancy={fancy.fancy_id}>
      <div className={styles.runnerName}>
        <span>{fancy.fancy_name}</span>
        {liability ? <Exposure amount={-liability} label={t('markets.liability')} /> : null}
      </div>
      <button
        type="button"
        className={styles.ladderButton}
        disabled={!liability}
        aria-label={t('markets.runPosition', { name: fancy.fancy_name })}
        title={t('markets.position')}
        onClick={() => onLadder(fancy)}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M3 1v14M13 1v14M3 4h10M3 8h10M3 12h10" stroke="currentColor" fill="none" />
        </svg>
      </button>
      <div className={styles.fancyCells}>
        <PriceCell
          side="lay"
          index={0}
          main={hasLay ? String(fancy.LayPrice1) : '-'}
          sub={hasLay ? String(fancy.LaySize1) : '-'}
          price={fancy.LayPrice1}
          size={fancy.LaySize1}
          disabled={!noClickable}
          label={`${t('markets.no')} ${fancy.fancy_name}`}
          onPress={noClickable ? press : undefined}
        />
        <PriceCell
          side="back"
          index={0}
          main={String(fancy.BackPrice1)}
          sub={String(fancy.BackSize1)}
          price={fancy.BackPrice1}
          size={fancy.BackSize1}
          disabled={!yesClickable}
          label={`${t('markets.yes')} ${fancy.fancy_name}`}
          onPress={yesClickable ? press : undefined}
        />
        {suspended ? (
          <div className={styles.suspendedRow}>{fancy.GameStatus || t('markets.suspended')}</div>
        ) : null}
      </div>
      <span className={styles.fancyLimits}>
        {t('markets.minMax', { min: formatWhole(limits.min), max: formatWhole(limits.max) })}
      </span>
    </div>
  )
})

export interface FancyTableProps {
  fancies: readonly Fancy[]
  /** The same object for a line while its limits hold: the rows are memoised on it. */
  limitOf: (fancyId: string) => StakeRange
  liabilities: Readonly<Record<string, number>> | undefined
  onSelect: SelectFancy
  onLadder: (fancy: Fancy) => void
}

/** Session lines: No (lay) and Yes (back) with runs over rate; category 4 lines have no No. */
export const FancyTable = memo(function FancyTable({
  fancies,
  limitOf,
  liabilities,
  onSelect,
  onLadder,
}: FancyTableProps) {
  const { t } = useTranslation()
  return (
    <section className={styles.market} aria-label={t('markets.fancy')}>
      <header className={styles.marketHead}>
        <h2 className={styles.marketTitle}>{t('markets.fancy')}</h2>
      </header>
      <div className={styles.fancyColumns} aria-hidden="true">
        <span />
        <span className={styles.layHead}>{t('markets.no')}</span>
        <span className={styles.backHead}>{t('markets.yes')}</span>
        <span />
      </div>
      <div className={styles.runners}>
        {fancies.map((fancy) => (
          <FancyRow
            key={fancy.fancy_id}
            fancy={fancy}
            limits={limitOf(fancy.fancy_id)}
            liability={liabilities?.[fancy.fancy_id]}
            onSelect={onSelect}
            onLadder={onLadder}
          />
        ))}
      </div>
    </section>
  )
})
