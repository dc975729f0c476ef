import { SPORT_ID } from '@backlay/contract/sport'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { siteOf, useAppConfig } from '../../brand/api/get-app-config'
import { useMenu } from '../api/get-menu'
import styles from './bottom-bar.module.css'

/** Line icons on a 24 px grid, drawn in the text colour (no emoji font is needed). */
const ICONS = {
  home: 'M3 11 12 3l9 8M5 9.5V21h5v-6h4v6h5V9.5',
  racing: 'M5 21V4M5 4h11l-2 4 2 4H5',
  openBets: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  deposit: 'M7 5h10M7 9h10M13 5c3 0 3 8 0 8H8l7 6',
} as const

const RACING = [
  { sportId: SPORT_ID.horseRacing, key: 'horseRacing', to: '/horse-racing' },
  { sportId: SPORT_ID.greyhoundRacing, key: 'greyhoundRacing', to: '/greyhound-racing' },
] as const

const ComingSoon = lazyNamed(() => import('./coming-soon'), 'ComingSoon')

function Item({ icon, label }: { icon: keyof typeof ICONS; label: string }) {
  return (
    <>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
        <path d={ICONS[icon]} />
      </svg>
      <span className={styles.label}>{label}</span>
    </>
  )
}

/**
 * The mobile bottom bar (below 1024 px): Home, the two racing pages, Open Bets and, when the
 * brand takes deposits, Deposit (betting §2 /deposit). A racing sport the brand's menu does not
 * carry yet opens the Coming Soon popup instead of an empty page.
 */
export function MobileBottomBar() {
  const { t } = useTranslation()
  const config = useAppConfig()
  const site = siteOf(config.data)
  const menu = useMenu()
  const [comingSoon, setComingSoon] = useState<string | null>(null)
  const offered = new Set(menu.data?.map((m) => m.sport_id))
  const link = ({ isActive }: { isActive: boolean }) =>
    `${styles.item} ${isActive ? styles.active : ''}`

  return (
    <nav className={styles.bar} aria-label={t('navigation.bottomBar')}>
      <NavLink to="/" end className={link}>
        <Item icon="home" label={t('navigation.items.home')} />
      </NavLink>
      {RACING.map(({ sportId, key, to }) =>
        offered.has(sportId) ? (
          <NavLink key={key} to={to} className={link}>
            <Item icon="racing" label={t(`navigation.items.${key}`)} />
          </NavLink>
        ) : (
          <button
            key={key}
            type="button"
            className={styles.item}
            onClick={() => setComingSoon(t(`navigation.items.${key}`))}
          >
            <Item icon="racing" label={t(`navigation.items.${key}`)} />
          </button>
        ),
      )}
      <NavLink to="/open-bets" className={link}>
        <Item icon="openBets" label={t('navigation.openBets')} />
      </NavLink>
      {site.isDeposit ? (
        <NavLink to="/deposit" className={`${styles.item} ${styles.deposit}`}>
          <Item icon="deposit" label={t('navigation.deposit')} />
        </NavLink>
      ) : config.isPending ? (
        // Holds Deposit's place until the brand says whether it takes deposits, so the other
        // items do not move when it appears.
        <span className={styles.item} aria-hidden="true" />
      ) : null}
      <OnceOpened open={comingSoon !== null}>
        <ComingSoon sport={comingSoon} onClose={() => setComingSoon(null)} />
      </OnceOpened>
    </nav>
  )
}
