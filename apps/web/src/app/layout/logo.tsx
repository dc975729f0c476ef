import { brandHost } from '@backlay/contract/brand-host'
import { useState } from 'react'
import { Link } from 'react-router'
import { useSiteConfig } from '../../features/brand/api/get-app-config'
import { useLogo } from '../../features/brand/api/get-logo'
import styles from './header.module.css'

/** The site name: the brand's app name, else the host without app./www. (§1). */
export const useSiteName = (): string => {
  const site = useSiteConfig()
  return site.appName || brandHost(window.location.hostname)
}

/**
 * Logo linking to / (§2): the brand's image when it loads, else its initial, and its name. The
 * name is the link's text and so its accessible name; a label on top would not match what shows.
 */
export function Logo() {
  const name = useSiteName()
  const logo = useLogo()
  const [broken, setBroken] = useState<string | null>(null)
  const src = logo.data && logo.data !== broken ? logo.data : null
  return (
    <Link to="/" className={styles.logo}>
      {src ? (
        <img
          className={styles.logoImage}
          src={src}
          alt=""
          width={32}
          height={32}
          onError={() => setBroken(src)}
        />
      ) : (
        <span className={styles.logoMark} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      <span className={styles.logoName}>{name}</span>
    </Link>
  )
}
