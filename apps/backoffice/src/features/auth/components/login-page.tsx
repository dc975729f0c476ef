import { adminLoginRequest, adminLoginResponse } from '@backlay/contract/admin'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router'
import type { z } from 'zod'
import { admin } from '../../../lib/api'
import { session, useSession } from '../../../lib/session'

type Form = z.input<typeof adminLoginRequest>

export function LoginPage() {
  const { t } = useTranslation()
  const current = useSession()
  const form = useForm<Form>({ resolver: zodResolver(adminLoginRequest) })
  const login = useMutation({
    mutationFn: (body: Form) => admin.post('login', body, adminLoginResponse),
    onSuccess: ({ data }) => session.set(data),
  })
  if (current) return <Navigate to="/dashboard" replace />
  return (
    <div className="login">
      <form className="card" onSubmit={form.handleSubmit((v) => login.mutate(v))}>
        <h1>{t('auth.title')}</h1>
        <label>
          {t('auth.userName')}
          <input autoComplete="username" {...form.register('userName')} />
        </label>
        <label>
          {t('auth.password')}
          <input type="password" autoComplete="current-password" {...form.register('password')} />
        </label>
        {login.error && (
          <p role="alert" className="error">
            {login.error.message}
          </p>
        )}
        <button type="submit" disabled={login.isPending}>
          {t('auth.signIn')}
        </button>
      </form>
    </div>
  )
}
