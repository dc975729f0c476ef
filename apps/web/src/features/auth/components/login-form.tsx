import { loginForm } from '@backlay/contract/auth'
import { OTP_LENGTH } from '@backlay/contract/limits'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import { useSiteConfig } from '../../brand/api/get-app-config'
import { demoLogin, type LoginStepUp, login, stepUpOf } from '../api/login'
import { useAfterLogin } from '../hooks/use-after-login'
import { useBusyWhile } from '../hooks/use-busy-while'
import { useLoginUiStore } from '../stores/login-ui-store'
import styles from './auth.module.css'
import { FormField, PasswordField } from './form-field'
import { MobileOrUserIdFields, type MobileOrUserIdValues } from './mobile-or-user-id-fields'

interface Values extends MobileOrUserIdValues {
  password: string
}

const resolver = zodResolver(loginForm) as unknown as Resolver<Values>

/**
 * Shell §2 Login tab: Mobile Number / User Id toggle, password, demo login, social sign-in.
 * After many failed logins on the account the server asks to confirm the password with an OTP
 * sent to the registered mobile: the form then shows an OTP field and sends both.
 */
export function LoginForm() {
  const { t } = useTranslation()
  const site = useSiteConfig()
  const afterLogin = useAfterLogin()
  const setTab = useLoginUiStore((s) => s.setTab)
  const [busy, busyWhile] = useBusyWhile()
  const [stepUp, setStepUp] = useState<LoginStepUp | null>(null)
  const [otp, setOtp] = useState('')
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

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      try {
        return await login(
          loginForm.parse(values),
          stepUp ? { orderId: stepUp.orderId, otp: otp.trim() } : undefined,
        )
      } catch (error) {
        const challenge = stepUpOf(error)
        if (challenge) setStepUp(challenge)
        throw error
      }
    }),
  )
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
        {stepUp ? (
          <>
            <p className={styles.note}>{t('auth.otpSentTo', { mobile: stepUp.mobile })}</p>
            <FormField
              label={t('auth.otp')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
            />
          </>
        ) : null}
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
