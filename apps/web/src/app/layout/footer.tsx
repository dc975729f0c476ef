import type { SocialNetwork } from '@backlay/contract/brand'
import { DELAY_MS } from '@backlay/contract/timing'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useSiteConfig } from '../../features/brand/api/get-app-config'
import { usePromotions, useSupportInfo } from '../../features/brand/api/get-promotions'
import styles from './footer.module.css'
import { useSiteName } from './logo'

const SOCIAL_ORDER: SocialNetwork[] = ['telegram', 'whatsapp', 'gmail', 'instagram', 'facebook']

const QUICK_LINKS = [
  { to: '/responsible-gambling', key: 'responsibleGambling' },
  { to: '/privacy-policy', key: 'privacyPolicy' },
  { to: '/exclusion-policy', key: 'exclusionPolicy' },
  { to: '/rules-regulations', key: 'rulesRegulations' },
] as const

/** Shell §2 footer: socials, payment and regulator logos, app buttons, quick links, copyright, contact. */
export function Footer() {
  const { t } = useTranslation()
  const site = useSiteConfig()
  const siteName = useSiteName()
  const socials = usePromotions().data?.socials ?? {}
  const support = useSupportInfo()
  const active = SOCIAL_ORDER.flatMap((network) => {
    const link = socials[network]
    return link?.is_active && link.url ? [{ network, url: link.url }] : []
  })

  return (
    <footer className={styles.footer}>
      {active.length > 0 ? (
        <ul className={styles.socials} aria-label={t('shell.footer.socials')}>
          {active.map(({ network, url }) => (
            <li key={network}>
              <a className={styles.social} href={url} target="_blank" rel="noreferrer">
                {t(`shell.footer.networks.${network}`)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ul className={styles.badges} aria-label={t('shell.footer.payments')}>
        <li className={styles.badge}>UPI</li>
        <li className={styles.badge}>{t('shell.footer.bankTransfer')}</li>
        <li className={styles.badge}>18+</li>
        <li className={styles.badge}>{t('shell.footer.gambleResponsibly')}</li>
      </ul>
      {site.downloadAppLink ? (
        <div className={styles.apps}>
          <a className={styles.appButton} href={site.downloadAppLink}>
            {t('shell.footer.androidApp')}
          </a>
          <a className={styles.appButton} href={site.appVersionLink || site.downloadAppLink}>
            {t('shell.footer.scoreApp')}
          </a>
        </div>
      ) : null}
      <nav aria-label={t('shell.footer.quickLinks')}>
        <h2 className={styles.heading}>{t('shell.footer.quickLinks')}</h2>
        <ul className={styles.links}>
          {QUICK_LINKS.map(({ to, key }) => (
            <li key={to}>
              <Link to={to}>{t(`shell.footer.${key}`)}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {site.isContactUs && support.data ? (
        <address id="contact-us" className={styles.contact}>
          <h2 className={styles.heading}>{t('shell.footer.contactUs')}</h2>
          {support.data.message ? <p>{support.data.message}</p> : null}
          {support.data.email ? (
            <p>
              <a href={`mailto:${support.data.email}`}>{support.data.email}</a>
            </p>
          ) : null}
          {support.data.wpnumber ? <p>{support.data.wpnumber}</p> : null}
        </address>
      ) : null}
      <p className={styles.copyright}>
        {t('shell.footer.copyright', { year: new Date().getFullYear(), site: siteName })}
      </p>
    </footer>
  )
}

/** Shell §2: a floating WhatsApp button on the home page when the social setting is active. */
export function WhatsAppFloat() {
  const whatsapp = usePromotions().data?.socials.whatsapp
  if (!whatsapp?.is_active || !whatsapp.url) return null
  return <WhatsAppButton url={whatsapp.url} />
}

/** Betting §2: the button opens the link; its hint closes by itself 3 s after it appears. */
function WhatsAppButton({ url }: { url: string }) {
  const { t } = useTranslation()
  const [hint, setHint] = useState(true)
  useEffect(() => {
    const timer = setTimeout(() => setHint(false), DELAY_MS.whatsappHint)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className={styles.whatsappFloat}>
      {hint ? (
        <p className={styles.whatsappHint} role="status">
          {t('shell.whatsappHint')}
        </p>
      ) : null}
      <a className={styles.whatsapp} href={url} target="_blank" rel="noreferrer">
        {t('shell.footer.whatsappFloat')}
      </a>
    </div>
  )
}
