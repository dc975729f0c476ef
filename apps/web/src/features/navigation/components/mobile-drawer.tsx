import * as Dialog from 'radix-ui/dialog'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { useMenu } from '../api/get-menu'
import { CARD_GAME_ITEMS, CASINO_ITEMS, type NavItem, navItems } from '../nav-items'
import { NavItemLink } from './nav-link'
import styles from './navigation.module.css'

/**
 * Shell §2 mobile left drawer (70% wide): Aviator, Sports, the casino groups, Sportsbook,
 * the language chooser, and Contact Us on the home page.
 */
export function MobileDrawer({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (o: boolean) => void
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const site = useSiteConfig()
  const menu = useMenu()
  const setLanguagePicker = useLoginUiStore((s) => s.setLanguagePicker)
  const items = navItems(menu.data ?? [])
  const has = (key: string) => items.some((i) => i.key === key)
  const close = () => onOpenChange(false)
  const aviator = CASINO_ITEMS.find((i) => i.key === 'aviator')
  const sports = items.filter((i) => !i.game && i.key !== 'home')

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.drawerOverlay} />
        <Dialog.Content
          className={`${styles.drawer} ${styles.drawerLeft}`}
          aria-describedby={undefined}
        >
          <Dialog.Title className={styles.drawerTitle}>{t('navigation.menu')}</Dialog.Title>
          <nav aria-label={t('navigation.menu')}>
            {aviator && has('aviator') ? (
              <NavItemLink item={aviator} className={styles.drawerLink} onNavigate={close}>
                {t('navigation.items.aviator')}
              </NavItemLink>
            ) : null}
            <DrawerGroup title={t('navigation.items.sports')} items={sports} onNavigate={close} />
            {has('liveCasino') ? (
              <DrawerGroup
                title={t('navigation.casinoGroup')}
                items={CASINO_ITEMS.filter((i) => i.key !== 'aviator')}
                onNavigate={close}
              />
            ) : null}
            {has('aura') ? (
              <DrawerGroup
                title={t('navigation.cardGroup')}
                items={CARD_GAME_ITEMS}
                onNavigate={close}
              />
            ) : null}
            <NavItemLink
              item={{ key: 'sportsbook', to: '/sports-page/Sportsbook/0' }}
              className={styles.drawerLink}
              onNavigate={close}
            >
              {t('navigation.items.sportsbook')}
            </NavItemLink>
            <button
              type="button"
              className={styles.drawerLink}
              onClick={() => {
                close()
                setLanguagePicker(true)
              }}
            >
              {t('navigation.language')}
            </button>
            {pathname === '/' && site.isContactUs ? (
              <button
                type="button"
                className={styles.drawerLink}
                onClick={() => {
                  close()
                  document.getElementById('contact-us')?.scrollIntoView({ behavior: 'smooth' })
                }}
              >
                {t('navigation.contactUs')}
              </button>
            ) : null}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A titled drawer group with one link per item; following a link closes the drawer. */
function DrawerGroup({
  title,
  items,
  onNavigate,
}: {
  title: string
  items: NavItem[]
  onNavigate: () => void
}) {
  const { t } = useTranslation()
  return (
    <>
      <h3 className={styles.drawerGroup}>{title}</h3>
      {items.map((item) => (
        <NavItemLink
          key={item.to}
          item={item}
          className={styles.drawerLink}
          onNavigate={onNavigate}
        >
          {t(`navigation.items.${item.key}`)}
        </NavItemLink>
      ))}
    </>
  )
}
