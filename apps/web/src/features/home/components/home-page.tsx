import { SPORT_ID } from '@backlay/contract/sport'
import { useTranslation } from 'react-i18next'
import { sportPath } from '../../navigation/nav-items'
import styles from './home.module.css'
import { SportSection } from './sport-section'

const HOME_SPORTS = [
  { sportId: SPORT_ID.cricket, name: 'cricket', path: sportPath(SPORT_ID.cricket, 'Cricket') },
  { sportId: SPORT_ID.football, name: 'football', path: sportPath(SPORT_ID.football, 'Football') },
  { sportId: SPORT_ID.tennis, name: 'tennis', path: sportPath(SPORT_ID.tennis, 'Tennis') },
] as const

/** Live and upcoming matches of the three main sports with their best match-odds prices. */
export function HomePage() {
  const { t } = useTranslation()
  return (
    <div className={styles.page}>
      <h1 className={styles.visuallyHidden}>{t('home.title')}</h1>
      {HOME_SPORTS.map(({ sportId, name, path }) => (
        <SportSection
          key={sportId}
          sportId={sportId}
          title={t(`home.sports.${name}`)}
          allPath={path}
        />
      ))}
    </div>
  )
}
