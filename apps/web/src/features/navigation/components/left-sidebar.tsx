import type { MenuCompetition, MenuItem } from '@backlay/contract/menu'
import { RACING_SPORT_IDS } from '@backlay/contract/sport'
import { DELAY_MS } from '@backlay/contract/timing'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router'
import { formatMatchTime } from '../../../lib/format'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { useMenu } from '../api/get-menu'
import { racingCountdown, sportPath } from '../nav-items'
import styles from './navigation.module.css'

/** The sport (and competition) the path points at: sports-page/{name}/{id}, competition-detail-page/{name}/{id}/{cid}. */
const selectionOf = (pathname: string) => {
  const [, page, , sportId, competitionId] = pathname.split('/')
  if (page === 'sports-page') return { sportId, competitionId: undefined }
  if (page === 'competition-detail-page') return { sportId, competitionId }
  if (page === 'horse-racing') return { sportId: '7', competitionId: undefined }
  if (page === 'greyhound-racing') return { sportId: '4339', competitionId: undefined }
  return { sportId: undefined, competitionId: undefined }
}

function Venue({ meeting }: { meeting: MenuCompetition }) {
  const { t } = useTranslation()
  const offset = useUtcOffset()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(id)
  }, [])
  const first = meeting.children[0]
  const start = first ? Date.parse(first.match_date) : now
  const countdown = racingCountdown(start, now)
  return (
    <span className={styles.venue}>
      <span>
        {meeting.series_name}
        {meeting.country_code ? (
          <span className={styles.country}> ({meeting.country_code})</span>
        ) : null}
      </span>
      <span className={styles.countdown}>
        {countdown.key === 'startedOn'
          ? t('navigation.startedOn', {
              time: first ? formatMatchTime(first.match_date, offset) : '',
            })
          : t(`navigation.${countdown.key}`, countdown)}
      </span>
    </span>
  )
}

/**
 * Shell §2 desktop left sidebar: the sports on home pages; on a sport page 'Sports', the sport,
 * 'Previous', then its competitions (racing: venues with country and countdown); on a
 * competition page its matches. Competition clicks act after 1 s (§9).
 */
export function LeftSidebar() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const menu = useMenu()
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const { sportId, competitionId } = selectionOf(pathname)
  const sports = (menu.data ?? []).filter(
    (m) => m.children.length > 0 || RACING_SPORT_IDS.includes(m.sport_id),
  )
  const sport: MenuItem | undefined = sports.find((m) => m.sport_id === sportId)
  const competition = sport?.children.find((c) => c.series_id === competitionId)

  const delayed = (to: string) => (event: React.MouseEvent) => {
    event.preventDefault()
    clearTimeout(timer.current)
    timer.current = setTimeout(() => navigate(to), DELAY_MS.competitionMenuAction)
  }

  return (
    <nav className={styles.sidebar} aria-label={t('navigation.sidebar')}>
      {!sport ? (
        <>
          <h2 className={styles.sidebarTitle}>{t('navigation.items.sports')}</h2>
          <ul>
            {sports.map((m) => (
              <li key={m.sport_id}>
                <Link className={styles.sidebarLink} to={sportPath(m.sport_id, m.name)}>
                  {m.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <ul>
            <li>
              <Link className={styles.sidebarLink} to="/">
                {t('navigation.items.sports')}
              </Link>
            </li>
            <li>
              <Link
                className={`${styles.sidebarLink} ${styles.current}`}
                to={sportPath(sport.sport_id, sport.name)}
              >
                {sport.name}
              </Link>
            </li>
            <li>
              <button type="button" className={styles.sidebarLink} onClick={() => navigate(-1)}>
                {t('navigation.previous')}
              </button>
            </li>
          </ul>
          {competition ? (
            <>
              <h2 className={styles.sidebarTitle}>{competition.series_name}</h2>
              <ul>
                {competition.children.map((match) => (
                  <li key={match.match_id}>
                    <Link
                      className={styles.sidebarLink}
                      to={`/event-page/${sport.sport_id}/${match.match_id}${match.market_id ? `/${match.market_id}` : ''}`}
                    >
                      {match.match_name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <ul>
              {sport.children.map((c) => {
                // Racing meetings open on their sport's racing page, which lists every race.
                const to = RACING_SPORT_IDS.includes(sport.sport_id)
                  ? sportPath(sport.sport_id, sport.name)
                  : `/competition-detail-page/${encodeURIComponent(c.series_name)}/${sport.sport_id}/${c.series_id}`
                return (
                  <li key={c.series_id}>
                    <a className={styles.sidebarLink} href={to} onClick={delayed(to)}>
                      {RACING_SPORT_IDS.includes(sport.sport_id) ? (
                        <Venue meeting={c} />
                      ) : (
                        c.series_name
                      )}
                    </a>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
    </nav>
  )
}
