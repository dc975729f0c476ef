import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useHomeMatches } from '../api/get-home-matches'
import { liveFirst } from '../match-odds'
import styles from './home.module.css'
import { MatchRow } from './match-row'

export function SportSection({ sportId, title }: { sportId: string; title: string }) {
  const { t } = useTranslation()
  const headingId = useId()
  const matches = useHomeMatches(sportId)

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.sectionBar}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {matches.data ? (
          <span className={styles.count}>
            {t('home.matchCount', { count: matches.data.length })}
          </span>
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
      {matches.isPending ? (
        <p className={styles.notice}>{t('home.loading')}</p>
      ) : matches.isError ? (
        <p className={styles.notice} role="alert">
          {t('home.failed')}{' '}
          <button type="button" className={styles.retry} onClick={() => matches.refetch()}>
            {t('home.retry')}
          </button>
        </p>
      ) : matches.data.length === 0 ? (
        <p className={styles.notice}>{t('home.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {liveFirst(matches.data).map((match) => (
            <MatchRow key={match.match_id} match={match} />
          ))}
        </ul>
      )}
    </section>
  )
}
