import type { RaceItem } from '@backlay/contract/racing'
import { SPORT_ID } from '@backlay/contract/sport'
import { useDeferredValue, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { BetReceipt } from '../../bet-slip/components/bet-receipt'
import { ConfirmPopup } from '../../bet-slip/components/confirm-popup'
import { useDesktop } from '../../bet-slip/hooks/use-desktop'
import { useRaces } from '../api/get-races'
import { raceHeaderTime, startLabel } from '../race-labels'
import { racingSportOf } from '../racing-sport'
import { CountryFlag } from './country-flag'
import { RaceMarkets } from './race-market'
import styles from './racing.module.css'

const ROW_RUNNERS = 3

/** 'Opens in 3 hours 20 minutes', 'Started on 1 days 2 hours' (§2), re-read every minute. */
function StartText({ start }: { start: string }) {
  const { t } = useTranslation()
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  const label = startLabel(start, now)
  const key = `racing.${label.kind}${label.days === null ? 'Hours' : 'Days'}`
  return <span className={styles.start}>{t(key, { ...label })}</span>
}

function RaceRow({
  race,
  open,
  onToggle,
  sportId,
}: {
  race: RaceItem
  open: boolean
  onToggle: () => void
  sportId: string
}) {
  const { t } = useTranslation()
  return (
    <li className={styles.row}>
      <button type="button" className={styles.rowHead} aria-expanded={open} onClick={onToggle}>
        <CountryFlag countryCode={race.country_code} />
        <span className={styles.venue}>
          {race.venue} ({race.country_code})
          <StartText start={race.market_start_time} />
        </span>
        <span
          className={race.inplay ? styles.inPlayIcon : styles.clockIcon}
          title={t(race.inplay ? 'racing.inPlay' : 'racing.upcoming')}
        />
      </button>
      {open ? (
        <RaceMarkets race={race} sportId={sportId} maxRunners={ROW_RUNNERS} combine={false} />
      ) : null}
    </li>
  )
}

export { prefetchPageData } from '../prefetch-page-data'

/** /horse-racing and /greyhound-racing (§2): accordion rows on mobile, one race at a time on desktop. */
export function RacingPage() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const sportId = racingSportOf(pathname)
  const desktop = useDesktop()
  const races = useRaces(sportId)
  const [chosen, setChosen] = useState<string | null>(null)
  const [openRow, setOpenRow] = useState<string | null>(null)
  const [tab, setTab] = useState<'inplay' | 'upcoming'>('inplay')
  // The race list is built in a background render that yields to the browser.
  const list = useDeferredValue(races.data) ?? []
  // §2: with nothing chosen, the first listed race is shown.
  const selected = list.find((r) => r.market_id === chosen) ?? list[0]
  const inTab = list.filter((r) => r.inplay === (tab === 'inplay'))
  const title = t(
    sportId === SPORT_ID.horseRacing ? 'racing.horseRacing' : 'racing.greyhoundRacing',
  )

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {races.isSuccess && races.data.length === 0 ? (
        <p className={styles.notice}>{t('racing.none')}</p>
      ) : null}
      {desktop && selected ? (
        <>
          <nav className={styles.raceList} aria-label={t('racing.races')}>
            {list.map((race) => (
              <button
                key={race.market_id}
                type="button"
                className={styles.raceButton}
                aria-current={race.market_id === selected.market_id}
                onClick={() => setChosen(race.market_id)}
              >
                <CountryFlag countryCode={race.country_code} /> {race.venue}{' '}
                <time dateTime={race.market_start_time}>
                  {raceHeaderTime(race.market_start_time).split(',')[0]}
                </time>
              </button>
            ))}
          </nav>
          <header className={styles.raceHeader}>
            <CountryFlag countryCode={selected.country_code} />
            <h2>{selected.match_name}</h2>
            <time dateTime={selected.market_start_time}>
              {raceHeaderTime(selected.market_start_time)}
            </time>
          </header>
          <RaceMarkets key={selected.market_id} race={selected} sportId={sportId} combine />
        </>
      ) : null}
      {!desktop && list.length > 0 ? (
        <>
          <div className={styles.tabs} role="tablist">
            {(['inplay', 'upcoming'] as const).map((value) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                className={styles.tab}
                onClick={() => setTab(value)}
              >
                {t(value === 'inplay' ? 'racing.inPlay' : 'racing.upcoming')}
              </button>
            ))}
          </div>
          {inTab.length > 0 ? (
            <ul className={styles.rows}>
              {inTab.map((race) => (
                <RaceRow
                  key={race.market_id}
                  race={race}
                  sportId={sportId}
                  open={openRow === race.market_id}
                  onToggle={() => setOpenRow(openRow === race.market_id ? null : race.market_id)}
                />
              ))}
            </ul>
          ) : (
            // §2's no-races text, for a tab with none (In Play before the first off, say).
            <p className={styles.notice}>{t('racing.none')}</p>
          )}
        </>
      ) : null}
      <details className={styles.article}>
        <summary>{t('racing.articleTitle', { sport: title })}</summary>
        <p>{t('racing.article1')}</p>
        <p>{t('racing.article2')}</p>
        <p>{t('racing.article3')}</p>
      </details>
      <ConfirmPopup />
      <BetReceipt placement="sheet" />
    </div>
  )
}
