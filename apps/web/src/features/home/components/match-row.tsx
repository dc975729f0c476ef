import type { HomeMatch } from '@backlay/contract/matches'
import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatMatchTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { outcomeColumns } from '../match-odds'
import styles from './home.module.css'
import { PriceCell } from './price-cell'

/**
 * A row's place while the list loads: one box as tall as a match row, cheap to draw, so the real
 * rows take its place without moving what is below.
 */
export function MatchRowSkeleton() {
  return <li className={styles.skeleton} aria-hidden="true" />
}

// A refetch keeps unchanged matches as the same objects, so their rows skip rendering again.
export const MatchRow = memo(function MatchRow({ match }: { match: HomeMatch }) {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const suspended = match.status !== 'OPEN'
  return (
    <li className={styles.row}>
      <div className={styles.event}>
        <Link
          className={styles.matchName}
          to={`/event-page/${match.sport_id}/${match.match_id}/${match.market_id}`}
        >
          {match.match_name}
        </Link>
        <div className={styles.meta}>
          {match.inplay ? <span className={styles.inPlay}>{t('home.inPlay')}</span> : null}
          <time dateTime={match.match_date}>{formatMatchTime(match.match_date, offset)}</time>
          <span className={styles.series}>{match.series_name}</span>
        </div>
      </div>
      <div className={styles.odds}>
        {outcomeColumns(match.runners).map((column) => (
          <div key={column.outcome} className={styles.outcome}>
            <PriceCell side="back" title={t('home.back')} offer={column.back} />
            <PriceCell side="lay" title={t('home.lay')} offer={column.lay} />
          </div>
        ))}
        {suspended ? <div className={styles.suspended}>{t('home.suspended')}</div> : null}
      </div>
    </li>
  )
})
