import { type CreatePlayerRequest, createPlayerRequest } from '@backlay/contract/admin'
import { zodResolver } from '@hookform/resolvers/zod'
import * as Dialog from 'radix-ui/dialog'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Field, FormActions } from '../../../components/form'
import { useCreatePlayer } from '../api/players'

/** New player below the operator (an admin's own, or an agent's). */
export function CreatePlayerDialog() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const create = useCreatePlayer()
  const form = useForm<CreatePlayerRequest>({
    resolver: zodResolver(createPlayerRequest),
    defaultValues: { isB2C: false },
  })
  const error = (f: keyof CreatePlayerRequest) =>
    form.formState.errors[f] && (
      <span className="field-error">{form.formState.errors[f]?.message}</span>
    )
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button">{t('players.create.open')}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{t('players.create.title')}</Dialog.Title>
          <Dialog.Description className="muted">{t('players.create.hint')}</Dialog.Description>
          <form
            className="form-grid"
            onSubmit={form.handleSubmit((v) =>
              create.mutate(
                { ...v, mobile: v.mobile || undefined },
                {
                  onSuccess: ({ data }) => {
                    setOpen(false)
                    form.reset()
                    navigate(`/players/${data.id}`)
                  },
                },
              ),
            )}
          >
            <Field label={t('players.userName')} error={error('userName')}>
              <input {...form.register('userName')} />
            </Field>
            <Field label={t('players.name')} error={error('name')}>
              <input {...form.register('name')} />
            </Field>
            <Field label={t('players.password')} error={error('password')}>
              <input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <label>
              {t('players.mobile')}
              <input
                inputMode="numeric"
                {...form.register('mobile', { setValueAs: (v) => v || undefined })}
              />
              {error('mobile')}
            </label>
            <label className="check">
              <input type="checkbox" {...form.register('isB2C')} />
              {t('players.create.b2c')}
            </label>
            <FormActions
              error={create.error}
              pending={create.isPending}
              label={t('players.create.submit')}
              inDialog
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
