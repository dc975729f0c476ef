import { createEventRequest } from '@backlay/contract/admin'
import { DEFAULT_BET_DELAY_SECONDS } from '@backlay/contract/limits'
import * as Dialog from 'radix-ui/dialog'
import { useState } from 'react'
import { type FieldPath, useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Field, FormActions, NamedOptions } from '../../../components/form'
import { useCreateEvent, useSports } from '../api/markets'

type Kind = 'MATCH_ODDS' | 'BOOKMAKER' | 'SESSION'

/** The form as typed: runners one per line, start as a local date-time; the request is built on submit. */
interface FormMarket {
  kind: Kind
  name: string
  runners: string
  betDelaySeconds: number
  minStake: number
  maxStake: number
  maxProfit: number
}
interface Form {
  sportId: string
  competitionId: string
  competitionName: string
  name: string
  startTime: string
  venue: string
  markets: FormMarket[]
}

const MARKET_DEFAULTS: Record<Kind, Omit<FormMarket, 'runners'>> = {
  MATCH_ODDS: {
    kind: 'MATCH_ODDS',
    name: 'Match Odds',
    betDelaySeconds: DEFAULT_BET_DELAY_SECONDS,
    minStake: 100,
    maxStake: 100_000,
    maxProfit: 1_000_000,
  },
  BOOKMAKER: {
    kind: 'BOOKMAKER',
    name: 'Bookmaker',
    betDelaySeconds: DEFAULT_BET_DELAY_SECONDS,
    minStake: 100,
    maxStake: 2_000_000,
    maxProfit: 1_000_000,
  },
  SESSION: {
    kind: 'SESSION',
    name: '6 over runs',
    betDelaySeconds: DEFAULT_BET_DELAY_SECONDS,
    minStake: 100,
    maxStake: 100_000,
    maxProfit: 1_000_000,
  },
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)

/** New event with match odds, bookmaker and fancy markets; every market starts suspended. */
export function CreateEventDialog() {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const sports = useSports().data?.data ?? []
  const create = useCreateEvent()
  const form = useForm<Form>({
    defaultValues: {
      sportId: '4',
      competitionId: '',
      competitionName: '',
      name: '',
      startTime: '',
      venue: '',
      markets: [{ ...MARKET_DEFAULTS.MATCH_ODDS, runners: '' }],
    },
  })
  const markets = useFieldArray({ control: form.control, name: 'markets' })
  const sportId = form.watch('sportId')
  const competitions = sports.find((s) => s.id === sportId)?.competitions ?? []
  const err = (path: FieldPath<Form>) => {
    const message = form.getFieldState(path, form.formState).error?.message
    return message ? <span className="field-error">{message}</span> : null
  }

  const submit = form.handleSubmit((v) => {
    const parsed = createEventRequest.safeParse({
      sportId: v.sportId,
      competitionId: v.competitionId || undefined,
      competitionName: v.competitionId ? undefined : v.competitionName,
      name: v.name,
      startTime: v.startTime ? new Date(v.startTime).toISOString() : '',
      venue: v.venue || undefined,
      markets: v.markets.map((m) => ({
        ...m,
        runners: lines(m.runners),
        betDelaySeconds: Number(m.betDelaySeconds),
        minStake: Number(m.minStake),
        maxStake: Number(m.maxStake),
        maxProfit: Number(m.maxProfit),
      })),
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        form.setError(issue.path.slice(0, 3).join('.') as FieldPath<Form>, {
          message: issue.message,
        })
      return
    }
    create.mutate(parsed.data, {
      onSuccess: ({ data }) => {
        setOpen(false)
        form.reset()
        navigate(`/events/${data.id}`)
      },
    })
  })

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button">{t('markets.create.open')}</button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog wide">
          <Dialog.Title>{t('markets.create.title')}</Dialog.Title>
          <Dialog.Description>{t('markets.create.hint')}</Dialog.Description>
          <form onSubmit={submit} className="form-grid">
            <label>
              {t('markets.sport')}
              <select {...form.register('sportId')}>
                <NamedOptions items={sports} />
              </select>
            </label>
            <label>
              {t('markets.competition')}
              <select {...form.register('competitionId')}>
                <option value="">{t('markets.create.newCompetition')}</option>
                <NamedOptions items={competitions} />
              </select>
            </label>
            {!form.watch('competitionId') && (
              <Field label={t('markets.create.competitionName')} error={err('competitionName')}>
                <input {...form.register('competitionName')} />
              </Field>
            )}
            <Field label={t('markets.create.eventName')} error={err('name')}>
              <input {...form.register('name')} />
            </Field>
            <Field label={t('markets.start')} error={err('startTime')}>
              <input type="datetime-local" {...form.register('startTime')} />
            </Field>
            <Field label={t('markets.create.venue')}>
              <input {...form.register('venue')} />
            </Field>
            {markets.fields.map((field, i) => (
              <fieldset key={field.id} className="market-fields">
                <legend>{t(`markets.kind.${field.kind}`)}</legend>
                <Field label={t('markets.create.marketName')} error={err(`markets.${i}.name`)}>
                  <input {...form.register(`markets.${i}.name`)} />
                </Field>
                <label>
                  {field.kind === 'SESSION'
                    ? t('markets.create.line')
                    : t('markets.create.runners')}
                  <textarea
                    rows={field.kind === 'SESSION' ? 1 : 3}
                    {...form.register(`markets.${i}.runners`)}
                  />
                  {err(`markets.${i}.runners`)}
                </label>
                <Field label={t('markets.betDelay')}>
                  <input type="number" min={0} {...form.register(`markets.${i}.betDelaySeconds`)} />
                </Field>
                <Field label={t('markets.minStake')}>
                  <input type="number" {...form.register(`markets.${i}.minStake`)} />
                </Field>
                <Field label={t('markets.maxStake')} error={err(`markets.${i}.maxStake`)}>
                  <input type="number" {...form.register(`markets.${i}.maxStake`)} />
                </Field>
                <Field label={t('markets.maxProfit')}>
                  <input type="number" {...form.register(`markets.${i}.maxProfit`)} />
                </Field>
                {markets.fields.length > 1 && (
                  <button type="button" className="link" onClick={() => markets.remove(i)}>
                    {t('markets.create.remove')}
                  </button>
                )}
              </fieldset>
            ))}
            <div className="row">
              {(['MATCH_ODDS', 'BOOKMAKER', 'SESSION'] as const).map((kind) => (
                <button
                  key={kind}
                  type="button"
                  className="secondary"
                  onClick={() => markets.append({ ...MARKET_DEFAULTS[kind], runners: '' })}
                >
                  {t('markets.create.add', { kind: t(`markets.kind.${kind}`) })}
                </button>
              ))}
            </div>
            <FormActions
              error={create.error}
              pending={create.isPending}
              label={t('markets.create.submit')}
              inDialog
            />
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
