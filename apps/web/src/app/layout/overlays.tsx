import { DELAY_MS } from '@backlay/contract/timing'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePromotions } from '../../features/brand/api/get-promotions'
import { session } from '../../lib/storage'
import styles from './overlays.module.css'

const BANNER_DISMISSED = 'bannerDismissed'

/** Shell §2 banner set at start: the brand's current promotion, until the player closes it. */
export function BannerPopup() {
  const { t } = useTranslation()
  const promotion = usePromotions().data?.result[0]
  const [dismissed, setDismissed] = useState(() => session.get(BANNER_DISMISSED) === promotion?.id)
  if (!promotion || dismissed || session.get(BANNER_DISMISSED) === promotion.id) return null
  return (
    <section className={styles.banner} aria-label={t('shell.promotion')}>
      <div>
        <strong>{promotion.title}</strong>
        <p>{promotion.description}</p>
      </div>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('shell.dismiss')}
        onClick={() => {
          session.set(BANNER_DISMISSED, promotion.id)
          setDismissed(true)
        }}
      >
        ×
      </button>
    </section>
  )
}

/** Shell §2/§9: an overlay that appears 6.5 s after start and stays for 20 s (never blocking). */
export function TimedOverlay() {
  const { t } = useTranslation()
  const whatsapp = usePromotions().data?.socials.whatsapp
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const show = setTimeout(() => setShown(true), DELAY_MS.overlaysStart)
    const hide = setTimeout(() => setShown(false), DELAY_MS.overlaysStart + DELAY_MS.overlaysShow)
    return () => {
      clearTimeout(show)
      clearTimeout(hide)
    }
  }, [])
  if (!shown || !whatsapp?.is_active || !whatsapp.url) return null
  return (
    <aside className={styles.hint} aria-label={t('shell.whatsappHintLabel')}>
      <a href={whatsapp.url} target="_blank" rel="noreferrer">
        {t('shell.whatsappHint')}
      </a>
      <button
        type="button"
        className={styles.dismiss}
        aria-label={t('shell.dismiss')}
        onClick={() => setShown(false)}
      >
        ×
      </button>
    </aside>
  )
}
