import { messageResponse } from '@backlay/contract/auth'
import { type ChangePasswordRequest, changePasswordRequest } from '@backlay/contract/password-reset'
import { zodResolver } from '@hookform/resolvers/zod'
import { type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { api } from '../../../lib/api-client'
import { showToast } from '../../../lib/toast'
import { PasswordField } from '../../auth/components/form-field'
import { loginRequired } from '../../auth/components/require-login'
import { useBusyWhile } from '../../auth/hooks/use-busy-while'
import styles from './account-pages.module.css'

const resolver = zodResolver(changePasswordRequest) as unknown as Resolver<ChangePasswordRequest>

/** /change-password: POST user/selfChangePassword; other sessions of the player end. */
export const ChangePasswordPage = loginRequired(ChangePasswordForm)

function ChangePasswordForm() {
  const { t } = useTranslation()
  const [busy, busyWhile] = useBusyWhile()
  const { register, handleSubmit, reset, formState } = useForm<ChangePasswordRequest>({
    resolver,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  })
  const onSubmit = handleSubmit((values) =>
    busyWhile(async () => {
      const response = await api.post('user/selfChangePassword', values, messageResponse)
      showToast({ type: 'success', message: response.msg })
      reset()
    }),
  )
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{t('account.changePassword')}</h1>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordField
          label={t('account.oldPassword')}
          autoComplete="current-password"
          error={formState.errors.oldPassword}
          {...register('oldPassword')}
        />
        <PasswordField
          label={t('auth.newPassword')}
          autoComplete="new-password"
          error={formState.errors.newPassword}
          {...register('newPassword')}
        />
        <PasswordField
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          error={formState.errors.confirmPassword}
          {...register('confirmPassword')}
        />
        <button type="submit" className={styles.primary} disabled={busy}>
          {t('account.savePassword')}
        </button>
      </form>
    </section>
  )
}
