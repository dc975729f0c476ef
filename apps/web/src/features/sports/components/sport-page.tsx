import { SPORT_ID } from '@backlay/contract/sport'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { MatchRow } from '../../home/components/match-row'
import { type ListingScope, useListingMatches } from '../api/get-sport-matches'
import { groupByCompetition } from '../group-by-competition'
import styles from './sports.module.css'

const ALL_SPORTS = [SPORT_ID.cricket, SPORT_ID.football, SPORT_ID.tennis]

function Listing({ scope, title }: { scope: ListingScope; title: string }) {
  const { t } = useTranslation()
  const matches = useListingMatches(scope)
  const sportId = 'sport_id' in scope ? scope.sport_id : undefined
  return (
    <section className={styles.section} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      {matches.isPending ? <p className={styles.notice}>{t('events.loading')}</p> : null}
      {matches.data?.length === 0 ? <p className={styles.notice}>{t('events.noMatches')}</p> : null}
      {groupByCompetition(matches.data ?? []).map((group) => (
        <div key={group.seriesId} className={styles.group}>
          <h3 className={styles.groupTitle}>
            {sportId ? (
              <Link
                to={`/competition-detail-page/${encodeURIComponent(group.seriesName)}/${sportId}/${group.seriesId}`}
              >
                {group.seriesName}
              </Link>
            ) : (
              group.seriesName
            )}
          </h3>
          <ul>
            {group.matches.map((m) => (
              <MatchRow key={m.match_id} match={m} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  )
}

/** /sports-page/{sportsName}/{eventTypeId}: a sport's matches by competition; 0 lists every sport. */
export function SportPage() {
  const { sportsName = '', eventTypeId = '0' } = useParams()
  const { t } = useTranslation()
  const sports = eventTypeId === '0' ? ALL_SPORTS : [eventTypeId]
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{decodeURIComponent(sportsName)}</h1>
      {sports.map((id) => (
        <Listing
          key={id}
          scope={{ sport_id: id }}
          title={t(`events.sports.${id}`, { defaultValue: sportsName })}
        />
      ))}
    </div>
  )
}

/** /competition-detail-page/{competitionName}/{eventTypeId}/{competitionId} */
export function CompetitionPage() {
  const { competitionName = '', competitionId = '' } = useParams()
  const name = decodeURIComponent(competitionName)
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{name}</h1>
      <Listing scope={{ series_id: competitionId }} title={name} />
    </div>
  )
}

/** /election: the election markets the feed lists under sport 2378961, by competition. */
export function ElectionPage() {
  const { t } = useTranslation()
  const title = t('shell.titles.election')
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      <Listing scope={{ sport_id: SPORT_ID.election }} title={title} />
    </div>
  )
}
