import { type LoginForm as LoginValues, loginForm } from '@backlay/contract/auth'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { demoLogin, login } from '../api/login'
import { useAfterLogin } from '../hooks/use-after-login'
import { useAuthFailure } from '../hooks/use-auth-failure'
import { useLoginUiStore } from '../stores/login-ui-store'
import styles from './auth.module.css'
import { CountrySelect } from './country-select'
import { FormField, PasswordField, ToggleGroup } from './form-field'

/** Both modes' fields in one flat shape; the contract's union picks what each mode needs. */
interface Values {
  mode: LoginValues['mode']
  country_code: string
  mobile: string
  user_name: string
  password: string
}

const resolver = zodResolver(loginForm) as unknown as Resolver<Values>

/** Shell §2 Login tab: Mobile Number / User Id toggle, password, demo login, social sign-in. */
export function LoginForm() {
  const { t } = useTranslation()
  const site = useSiteConfig()
  const afterLogin = useAfterLogin()
  const onFailure = useAuthFailure()
  const setTab = useLoginUiStore((s) => s.setTab)
  const [busy, setBusy] = useState(false)
  const form = useForm<Values>({
    resolver,
    defaultValues: { mode: 'mobile', country_code: '+91', mobile: '', user_name: '', password: '' },
  })
  const { register, handleSubmit, watch, setValue, clearErrors, formState } = form
  const mode = watch('mode')
  const errors = formState.errors

  const run = async (action: () => Promise<{ data: { is_telegram_enable: 0 | 1 } }>) => {
    setBusy(true)
    try {
      const response = await action()
      if (response.data.is_telegram_enable === 1) {
        showToast({ type: 'info', message: t('auth.telegramPending') })
        return
      }
      afterLogin()
    } catch (error) {
      onFailure(error)
    } finally {
      setBusy(false)
    }
  }

  const onSubmit = handleSubmit((values) => run(() => login(loginForm.parse(values))))
  const switchMode = (next: Values['mode']) => {
    setValue('mode', next)
    clearErrors()
  }
  const notConfigured = (provider: string) =>
    showToast({ type: 'warning', message: t('auth.providerNotConfigured', { provider }) })

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <ToggleGroup
        legend={t('auth.loginWith')}
        options={[
          { value: 'mobile', label: t('auth.mobileNumber') },
          { value: 'userId', label: t('auth.userId') },
        ]}
        value={mode}
        onChange={switchMode}
      />
      {mode === 'mobile' ? (
        <FormField
          label={t('auth.phoneNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          before={<CountrySelect {...register('country_code')} />}
          error={'mobile' in errors ? errors.mobile : undefined}
          {...register('mobile')}
        />
      ) : (
        <FormField
          label={t('auth.userId')}
          autoComplete="username"
          error={errors.user_name}
          {...register('user_name')}
        />
      )}
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
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
  )
}
