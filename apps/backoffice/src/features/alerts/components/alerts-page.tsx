import { type AlertKind, alertKind, createAlertRule } from '@backlay/contract/admin-reports'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Field, FormActions, NamedOptions } from '../../../components/form'
import { formatRupees, formatTime } from '../../../lib/format'
import { useBrands } from '../../brands/api/brands'
import { useAlertRules, useCreateAlertRule, useSetAlertActive } from '../api/alerts'

/** The form's text fields: empty brand and webhook mean "all brands" and "no webhook". */
const alertForm = z.object({
  kind: alertKind,
  threshold: z.coerce.number<string>().pipe(createAlertRule.shape.threshold),
  brandId: z.string(),
  webhookUrl: z
    .string()
    .trim()
    .pipe(
      z.union([
        z.literal(''),
        z.url({ protocol: /^https?$/, message: 'Enter an http(s) address.' }),
      ]),
    ),
})
type AlertForm = z.input<typeof alertForm>
type AlertValues = z.output<typeof alertForm>

/** The conditions the operator is told about: set up, switched off and on. */
export function AlertsPage() {
  const { t } = useTranslation()
  const rules = useAlertRules()
  const brands = useBrands()
  const create = useCreateAlertRule()
  const setActive = useSetAlertActive()
  const form = useForm<AlertForm, unknown, AlertValues>({
    resolver: zodResolver(alertForm),
    defaultValues: { kind: 'market-exposure', threshold: '', brandId: '', webhookUrl: '' },
  })
  const kind = form.watch('kind') as AlertKind
  const error = (f: keyof AlertForm) =>
    form.formState.errors[f] && (
      <span className="field-error">{form.formState.errors[f]?.message}</span>
    )
  const brandName = (id: string | null) =>
    id === null ? t('alerts.allBrands') : (brands.data?.data.find((b) => b.id === id)?.name ?? id)

  return (
    <section>
      <header className="page-head">
        <h1>{t('alerts.title')}</h1>
      </header>
      <div className="card">
        <h2>{t('alerts.new')}</h2>
        <form
          className="form-grid alert-form"
          onSubmit={form.handleSubmit((v) =>
            create.mutate(
              {
                kind: v.kind,
                threshold: v.threshold,
                brandId: v.brandId || null,
                webhookUrl: v.webhookUrl || null,
              },
              { onSuccess: () => form.reset() },
            ),
          )}
        >
          <Field label={t('alerts.condition')} error={error('kind')}>
            <select {...form.register('kind')}>
              {alertKind.options.map((k) => (
                <option key={k} value={k}>
                  {t(`alerts.kind.${k}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t(`alerts.threshold.${kind}`)} error={error('threshold')}>
            <input inputMode="decimal" {...form.register('threshold')} />
          </Field>
          <Field label={t('alerts.brand')} error={error('brandId')}>
            <select {...form.register('brandId')}>
              <option value="">{t('alerts.allBrands')}</option>
              <NamedOptions items={brands.data?.data ?? []} />
            </select>
          </Field>
          <Field label={t('alerts.webhook')} error={error('webhookUrl')}>
            <input placeholder="https://" {...form.register('webhookUrl')} />
          </Field>
          <p className="muted">{t(`alerts.explain.${kind}`)}</p>
          <FormActions error={create.error} pending={create.isPending} label={t('alerts.add')} />
        </form>
      </div>
      {setActive.error && (
        <p role="alert" className="error">
          {setActive.error.message}
        </p>
      )}
      <table className="grid">
        <thead>
          <tr>
            <th>{t('alerts.condition')}</th>
            <th className="num">{t('alerts.thresholdTitle')}</th>
            <th>{t('alerts.brand')}</th>
            <th>{t('alerts.webhookTitle')}</th>
            <th>{t('alerts.created')}</th>
            <th>{t('alerts.state')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rules.data?.data.map((r) => (
            <tr key={r.id}>
              <td>{t(`alerts.kind.${r.kind}`)}</td>
              <td className="num">
                {t(`alerts.unit.${r.kind}`, {
                  // An amount reads as every amount of the back office does (₹7,59,690.00).
                  value: r.kind === 'market-exposure' ? formatRupees(r.threshold) : r.threshold,
                })}
              </td>
              <td>{brandName(r.brandId)}</td>
              <td>{r.webhookUrl ? <code>{r.webhookUrl}</code> : '—'}</td>
              <td className="nowrap">{formatTime(r.createdAt)}</td>
              <td>{r.active ? t('alerts.on') : t('alerts.off')}</td>
              <td>
                <button
                  type="button"
                  className="small secondary"
                  disabled={setActive.isPending}
                  onClick={() => setActive.mutate({ id: r.id, active: !r.active })}
                >
                  {r.active ? t('alerts.switchOff') : t('alerts.switchOn')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {rules.data?.data.length === 0 && <p>{t('alerts.none')}</p>}
    </section>
  )
}
