import type { OtpSentResponse } from '@backlay/contract/auth'
import { OTP_LENGTH } from '@backlay/contract/limits'
import {
  type ForgotResetForm,
  forgotIdentityForm,
  forgotResetForm,
} from '@backlay/contract/password-reset'
import { OTP_RESEND_SECONDS } from '@backlay/contract/timing'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { FormProvider, type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { showToast } from '../../../lib/toast'
import {
  type OtpChannel,
  resendResetOtp,
  resetPassword,
  sendResetOtp,
} from '../api/forgot-password'
import { useBusyWhile } from '../hooks/use-busy-while'
import { useCountdown } from '../hooks/use-countdown'
import { useLoginUiStore } from '../stores/login-ui-store'
import styles from './auth.module.css'
import { FormField, PasswordField, ToggleGroup } from './form-field'
import { MobileOrUserIdFields, type MobileOrUserIdValues } from './mobile-or-user-id-fields'

const identityResolver = zodResolver(
  forgotIdentityForm,
) as unknown as Resolver<MobileOrUserIdValues>
const resetResolver = zodResolver(forgotResetForm) as unknown as Resolver<ForgotResetForm>

/**
 * Shell §4 forgot password: send an OTP by SMS or WhatsApp, then OTP and the new password
 * (disabled until the OTP is sent) with a resend countdown of up to 59 s.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation()
  const close = useLoginUiStore((s) => s.close)
  const [channel, setChannel] = useState<OtpChannel>('sms')
  const [sent, setSent] = useState<OtpSentResponse | null>(null)
  const [busy, busyWhile] = useBusyWhile()
  const [resendIn, startCountdown] = useCountdown()

  const identity = useForm<MobileOrUserIdValues>({
    resolver: identityResolver,
    defaultValues: { mode: 'mobile', country_code: '+91', mobile: '', user_name: '' },
  })
  const reset = useForm<ForgotResetForm>({
    resolver: resetResolver,
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
  })
  const resetErrors = reset.formState.errors

  const otpSent = (response: OtpSentResponse) => {
    setSent(response)
    startCountdown(OTP_RESEND_SECONDS)
    showToast({ type: 'success', message: response.msg })
  }

  const sendOtp = identity.handleSubmit((values) =>
    busyWhile(async () => otpSent(await sendResetOtp(channel, forgotIdentityForm.parse(values)))),
  )
  const resend = () =>
    sent && busyWhile(async () => otpSent(await resendResetOtp(channel, sent.data.orderId)))
  const submitReset = reset.handleSubmit((values) =>
    busyWhile(async () => {
      if (!sent) return
      const response = await resetPassword(channel, { orderId: sent.data.orderId, ...values })
      showToast({ type: 'success', message: response.msg })
      close()
    }),
  )

  return (
    <div className={styles.form}>
      <FormProvider {...identity}>
        <form className={styles.form} onSubmit={sendOtp} noValidate>
          <ToggleGroup
            legend={t('auth.sendOtpBy')}
            options={[
              { value: 'sms', label: t('auth.sms') },
              { value: 'whatsapp', label: t('auth.whatsapp') },
            ]}
            value={channel}
            onChange={setChannel}
          />
          <MobileOrUserIdFields legend={t('auth.findAccountBy')} />
          <div className={styles.row}>
            <button type="submit" className={styles.secondary} disabled={busy || sent !== null}>
              {t('auth.sendOtp')}
            </button>
            {sent ? (
              <button
                type="button"
                className={styles.secondary}
                disabled={busy || resendIn > 0}
                onClick={resend}
              >
                {resendIn > 0 ? t('auth.resendIn', { seconds: resendIn }) : t('auth.resendOtp')}
              </button>
            ) : null}
          </div>
          {sent ? (
            <p className={styles.note}>{t('auth.otpSentTo', { mobile: sent.mobile })}</p>
          ) : null}
        </form>
      </FormProvider>
      <form className={styles.form} onSubmit={submitReset} noValidate>
        <FormField
          label={t('auth.otp')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          disabled={!sent}
          error={resetErrors.otp}
          {...reset.register('otp')}
        />
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          disabled={!sent}
          error={resetErrors.newPassword}
          {...reset.register('newPassword')}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          disabled={!sent}
          error={resetErrors.confirmPassword}
          {...reset.register('confirmPassword')}
        />
        <button type="submit" className={styles.primary} disabled={busy || !sent}>
          {t('auth.resetPassword')}
        </button>
      </form>
    </div>
  )
}
