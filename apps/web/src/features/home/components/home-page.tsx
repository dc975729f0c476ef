import { useTranslation } from 'react-i18next'
import { HOME_SPORTS } from '../home-sports'
import styles from './home.module.css'
import { SportSection } from './sport-section'

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
