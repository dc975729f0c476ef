import { type RegisterForm as RegisterValues, registerForm } from '@backlay/contract/auth'
import { isPhoneComplete } from '@backlay/contract/auth-fields'
import { REGISTER_PASSWORD_MIN } from '@backlay/contract/limits'
import { zodResolver } from '@hookform/resolvers/zod'
import { type Resolver, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { local, STORAGE_KEYS } from '../../../lib/storage'
import { showToast } from '../../../lib/toast'
import { register as registerAccount } from '../api/register'
import { useAfterLogin } from '../hooks/use-after-login'
import { useBusyWhile } from '../hooks/use-busy-while'
import styles from './auth.module.css'
import { FormField, PasswordField, PhoneField } from './form-field'

type Values = Omit<RegisterValues, 'refer_code'> & { refer_code: string }
const resolver = zodResolver(registerForm) as unknown as Resolver<Values>

/** Shell §5: only the length is enforced; the other checks are a hint. */
const STRENGTH_CHECKS = [
  { key: 'length', test: (p: string) => p.length >= REGISTER_PASSWORD_MIN },
  { key: 'upper', test: (p: string) => /[A-Z]/.test(p) },
  { key: 'lower', test: (p: string) => /[a-z]/.test(p) },
  { key: 'digit', test: (p: string) => /\d/.test(p) },
  { key: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const

/** Shell §2 Create an account tab. */
export function RegisterForm() {
  const { t } = useTranslation()
  const afterLogin = useAfterLogin()
  const [busy, busyWhile] = useBusyWhile()
  const { register, handleSubmit, watch, formState } = useForm<Values>({
    resolver,
    defaultValues: {
      user_name: '',
      country_code: '+91',
      mobile: '',
      password: '',
      confirmPassword: '',
      refer_code: local.get(STORAGE_KEYS.referCode) ?? '',
    },
  })
  const errors = formState.errors
  const phoneComplete = isPhoneComplete(watch('country_code'), watch('mobile'))
  const password = watch('password')

  const onSubmit = handleSubmit((values) =>
    busyWhile(async () => {
      const response = await registerAccount(registerForm.parse(values))
      local.remove(STORAGE_KEYS.referCode)
      showToast({ type: 'success', message: response.msg })
      afterLogin()
    }),
  )

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <FormField
        label={t('auth.username')}
        autoComplete="username"
        error={errors.user_name}
        {...register('user_name')}
      />
      <PhoneField
        country={register('country_code')}
        error={errors.mobile ?? errors.country_code}
        {...register('mobile')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="new-password"
        disabled={!phoneComplete}
        error={errors.password}
        hint={
          <ul className={styles.hint} aria-label={t('auth.strength.title')}>
            {STRENGTH_CHECKS.map(({ key, test }) => (
              <li key={key} className={test(password) ? styles.hintMet : undefined}>
                {test(password) ? '✓ ' : '• '}
                {t(`auth.strength.${key}`)}
              </li>
            ))}
          </ul>
        }
        {...register('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        disabled={!phoneComplete}
        error={errors.confirmPassword}
        {...register('confirmPassword')}
      />
      <FormField
        label={t('auth.promoCode')}
        autoComplete="off"
        error={errors.refer_code}
        {...register('refer_code')}
      />
      <button type="submit" className={styles.primary} disabled={busy}>
        {t('auth.createAccount')}
      </button>
    </form>
  )
}
