import * as Dialog from 'radix-ui/dialog'
import * as Tabs from 'radix-ui/tabs'
import { useTranslation } from 'react-i18next'
import { local, STORAGE_KEYS } from '../../../lib/storage'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { type AuthTab, useLoginUiStore } from '../stores/login-ui-store'
import styles from './auth.module.css'
import { ForgotPasswordForm } from './forgot-password-form'
import { LoginForm } from './login-form'
import { RegisterForm } from './register-form'

/**
 * Shell §2 login / sign-up / forgot-password dialog: titled Sign Up, at most 550 px wide,
 * 200 ms animations. Tab 2 exists when sign-up is on, or sign-up by referral is on and a
 * referral code is stored. Opening and closing both return to tab 1 (the store does that).
 */
export function AuthDialog() {
  const { t } = useTranslation()
  const site = useSiteConfig()
  const { open, tab, setTab, close } = useLoginUiStore()
  const hasSignup =
    site.isSignup || (site.isSignupByReferral && Boolean(local.get(STORAGE_KEYS.referCode)))
  const shown: AuthTab = tab === 2 && !hasSignup ? 1 : tab

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <div className={styles.titleRow}>
            <Dialog.Title className={styles.title}>{t('auth.title')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('auth.close')}>
              ×
            </Dialog.Close>
          </div>
          <Tabs.Root value={String(shown)} onValueChange={(v) => setTab(Number(v) as AuthTab)}>
            <Tabs.List className={styles.tabList} aria-label={t('auth.title')}>
              <Tabs.Trigger value="1" className={styles.tab}>
                {t('auth.tabs.login')}
              </Tabs.Trigger>
              {hasSignup ? (
                <Tabs.Trigger value="2" className={styles.tab}>
                  {t('auth.tabs.register')}
                </Tabs.Trigger>
              ) : null}
              <Tabs.Trigger value="3" className={styles.tab}>
                {t('auth.tabs.forgot')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="1">
              <LoginForm />
            </Tabs.Content>
            {hasSignup ? (
              <Tabs.Content value="2">
                <RegisterForm />
              </Tabs.Content>
            ) : null}
            <Tabs.Content value="3">
              <ForgotPasswordForm />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
