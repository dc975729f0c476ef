import type { MatchStats } from '@backlay/contract/match-details'
import { useTranslation } from 'react-i18next'
import { useMatchStats } from '../api/get-match-stats'
import styles from './match-centre.module.css'

/** Facts the panel shows, by the server's label, with the key of their translated label. */
const SHOWN_FACTS = {
  Matched: 'events.matched',
  'Betfair matched': 'events.feedMatched',
  'Betfair last traded': 'events.feedLastTraded',
} as const

type ShownFact = { label: keyof typeof SHOWN_FACTS; value: string }
const isShownFact = (fact: MatchStats['facts'][number]): fact is ShownFact =>
  fact.label in SHOWN_FACTS

/**
 * The scoreboard under the event header: each side with its live score and the feed's status
 * line when a feed sends scores, then the money matched here and, with a real exchange feed,
 * what was matched and last traded there. Hidden until the first answer, and on a failed one.
 */
export function MatchCentre({ eventTypeId, eventId }: { eventTypeId: string; eventId: string }) {
  const stats = useMatchStats(eventTypeId, eventId).data
  if (!stats) return null
  return <MatchCentreView stats={stats} />
}

export function MatchCentreView({ stats }: { stats: MatchStats }) {
  const { t } = useTranslation()
  const scored = stats.teams.some((team) => team.score !== '')
  const facts = stats.facts.filter(isShownFact)
  if (!scored && facts.length === 0) return null
  return (
    <section className={styles.centre} aria-label={t('events.matchCentre')}>
      {scored ? (
        <>
          <ul className={styles.teams}>
            {stats.teams.map((team) => (
              <li key={team.name} className={styles.team}>
                <span>{team.name}</span>
                <span className={styles.score}>{team.score}</span>
              </li>
            ))}
          </ul>
          {stats.summary ? <p className={styles.summary}>{stats.summary}</p> : null}
        </>
      ) : null}
      <dl className={styles.facts}>
        {facts.map((fact) => (
          <div key={fact.label} className={styles.fact}>
            <dt>{t(SHOWN_FACTS[fact.label])}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
