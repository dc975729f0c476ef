import { loginForm } from '@backlay/contract/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { demoLogin, login } from '../api/login'
import { useAfterLogin } from '../hooks/use-after-login'
import { useBusyWhile } from '../hooks/use-busy-while'
import { useLoginUiStore } from '../stores/login-ui-store'
import styles from './auth.module.css'
import { PasswordField } from './form-field'
import { MobileOrUserIdFields, type MobileOrUserIdValues } from './mobile-or-user-id-fields'

interface Values extends MobileOrUserIdValues {
  password: string
}

const resolver = zodResolver(loginForm) as unknown as Resolver<Values>

/** Shell §2 Login tab: Mobile Number / User Id toggle, password, demo login, social sign-in. */
export function LoginForm() {
  const { t } = useTranslation()
  const site = useSiteConfig()
  const afterLogin = useAfterLogin()
  const setTab = useLoginUiStore((s) => s.setTab)
  const [busy, busyWhile] = useBusyWhile()
  const form = useForm<Values>({
    resolver,
    defaultValues: { mode: 'mobile', country_code: '+91', mobile: '', user_name: '', password: '' },
  })

  const run = (action: () => Promise<{ data: { is_telegram_enable: 0 | 1 } }>) =>
    busyWhile(async () => {
      const response = await action()
      if (response.data.is_telegram_enable === 1) {
        showToast({ type: 'info', message: t('auth.telegramPending') })
        return
      }
      afterLogin()
    })

  const onSubmit = form.handleSubmit((values) => run(() => login(loginForm.parse(values))))
  const notConfigured = (provider: string) =>
    showToast({ type: 'warning', message: t('auth.providerNotConfigured', { provider }) })

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <MobileOrUserIdFields legend={t('auth.loginWith')} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          error={form.formState.errors.password}
          {...form.register('password')}
        />
        <button type="button" className={styles.link} onClick={() => setTab(3)}>
          {t('auth.forgotPassword')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy}>
          {t('auth.logIn')}
        </button>
        <button
          type="button"
          className={styles.secondary}
          disabled={busy}
          onClick={() => run(demoLogin)}
        >
          {t('auth.demoLogin')}
        </button>
        {site.isGoogleLogin || site.isWhatsappLogin ? (
          <>
            <p className={styles.divider}>{t('auth.orContinueWith')}</p>
            <div className={styles.row}>
              {site.isGoogleLogin ? (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => notConfigured('Google')}
                >
                  {t('auth.google')}
                </button>
              ) : null}
              {site.isWhatsappLogin ? (
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => notConfigured('WhatsApp')}
                >
                  {t('auth.whatsapp')}
                </button>
              ) : null}
            </div>
          </>
        ) : null}
      </form>
    </FormProvider>
  )
}
