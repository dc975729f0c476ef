import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './open-bets.module.css'

interface BetSectionProps {
  title: string
  /** Shown above the bets while the section is open (the matched list's grouping toggles). */
  controls?: ReactNode
  empty: boolean
  children: ReactNode
}

/** A titled open-bets list the player can fold away; it says so when it holds no bets. */
export function BetSection({ title, controls, empty, children }: BetSectionProps) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(true)
  return (
    <section className={styles.section} aria-label={title}>
      <button
        type="button"
        className={styles.sectionHead}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {title}
        <span aria-hidden="true">{open ? '−' : '+'}</span>
      </button>
      {open ? (
        <>
          {controls}
          {empty ? <p className={styles.empty}>{t('openbets.none', { title })}</p> : children}
        </>
      ) : null}
    </section>
  )
}
