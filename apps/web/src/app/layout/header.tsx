import { Link } from 'react-router'
import { SITE_NAME } from '../site'
import { Clock } from './clock'
import styles from './header.module.css'

export function Header() {
  return (
    <header className={styles.header}>
      <Link to="/" className={styles.logo}>
        <span className={styles.logoMark} aria-hidden="true">
          B
        </span>
        {SITE_NAME}
      </Link>
      <Clock className={styles.clock} />
    </header>
  )
}
