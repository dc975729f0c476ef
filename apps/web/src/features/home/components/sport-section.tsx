import { useDeferredValue, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { HOME_ROWS, useHomeMatches } from '../api/get-home-matches'
import styles from './home.module.css'
import { MatchRow, MatchRowSkeleton } from './match-row'

/**
 * Rows drawn while a sport loads: more than a phone screen holds, so the sections below start
 * off-screen and a list that arrives longer moves nothing in view.
 */
const SKELETON_KEYS = Array.from({ length: 10 }, (_, i) => `skeleton-${i}`)

export function SportSection({
  sportId,
  title,
  allPath,
}: {
  sportId: string
  title: string
  /** The sport's page, where every match is listed. */
  allPath: string
}) {
  const { t } = useTranslation()
  const headingId = useId()
  const matches = useHomeMatches(sportId)
  // The rows are built in a background render that yields to the browser, so a list arriving
  // never holds the main thread (and a tap) for the whole list.
  const data = useDeferredValue(matches.data)

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionBar}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {data ? (
          <span className={styles.count}>{t('home.matchCount', { count: data.total })}</span>
        ) : null}
      </div>
      <div className={styles.columnsHead} aria-hidden="true">
        <span className={styles.columnsHeadMatch}>{t('home.matchColumn')}</span>
        <span className={styles.columnsHeadOdds}>
          <span>{t('home.outcomes.home')}</span>
          <span>{t('home.outcomes.draw')}</span>
          <span>{t('home.outcomes.away')}</span>
        </span>
      </div>
      {matches.isError ? (
        <p className={styles.notice} role="alert">
          {t('home.failed')}{' '}
          <button type="button" className={styles.retry} onClick={() => matches.refetch()}>
            {t('home.retry')}
          </button>
        </p>
      ) : data === undefined ? (
        <ul className={styles.list} aria-busy="true" aria-label={t('home.loading')}>
          {SKELETON_KEYS.map((key) => (
            <MatchRowSkeleton key={key} />
          ))}
        </ul>
      ) : data.matches.length === 0 ? (
        <p className={styles.notice}>{t('home.empty')}</p>
      ) : (
        <>
          <ul className={styles.list}>
            {data.matches.map((match) => (
              <MatchRow key={match.match_id} match={match} />
            ))}
          </ul>
          {data.total > HOME_ROWS ? (
            <Link className={styles.allMatches} to={allPath}>
              {t('home.allMatches', { count: data.total })}
            </Link>
          ) : null}
        </>
      )}
    </section>
  )
}
