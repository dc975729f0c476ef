import { useTranslation } from 'react-i18next'
import { useMenu } from '../api/get-menu'
import { navItems } from '../nav-items'
import { NavItemLink } from './nav-link'
import styles from './navigation.module.css'

/** The row of section buttons under the header (shell §2 table). */
export function NavButtons() {
  const { t } = useTranslation()
  const menu = useMenu()
  const items = navItems(menu.data ?? [])
  return (
    <nav className={styles.bar} aria-label={t('navigation.sections')}>
      <ul className={styles.barList}>
        {items.map((item) => (
          <li key={item.to} className={item.mobileOnly ? styles.mobileOnly : undefined}>
            <NavItemLink item={item} className={styles.barLink}>
              {t(`navigation.items.${item.key}`)}
            </NavItemLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
