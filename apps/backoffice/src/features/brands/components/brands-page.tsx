import {
  type AdminBrand,
  brandResponse,
  loginProtection,
  type UpdateBrandRequest,
  updateBrandRequest,
} from '@backlay/contract/admin'
import { siteConfig, socialNetwork } from '@backlay/contract/brand'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { useFieldArray, useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { admin } from '../../../lib/api'
import { useBrands } from '../api/brands'

/** Each site-configuration switch and text, from the contract's own shape (shell §3). */
const SITE_DEFAULTS = siteConfig.parse({})
const FLAGS = Object.keys(SITE_DEFAULTS).filter(
  (k) => typeof SITE_DEFAULTS[k as keyof typeof SITE_DEFAULTS] === 'boolean',
) as (keyof typeof SITE_DEFAULTS)[]
const TEXTS = Object.keys(SITE_DEFAULTS).filter(
  (k) => typeof SITE_DEFAULTS[k as keyof typeof SITE_DEFAULTS] === 'string',
) as (keyof typeof SITE_DEFAULTS)[]
const SUPPORT = [
  'wpnumber',
  'email',
  'telegram',
  'instagram',
  'facebook',
  'twitter',
  'message',
] as const

const LOGIN_PROTECTION = Object.keys(loginProtection.parse({})) as (keyof z.infer<
  typeof loginProtection
>)[]

/** Brands: identity, colours, socials, support, switches, messages, banners and the redirect map. */
export function BrandsPage() {
  const { t } = useTranslation()
  const brands = useBrands()
  const [selected, setSelected] = useState<string>('')
  const list = brands.data?.data ?? []
  const brand = list.find((b) => b.id === selected) ?? list[0]
  return (
    <section>
      <header className="page-head">
        <h1>{t('brands.title')}</h1>
        <label>
          {t('brands.brand')}
          <select value={brand?.id ?? ''} onChange={(e) => setSelected(e.target.value)}>
            {list.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({b.host})
              </option>
            ))}
          </select>
        </label>
      </header>
      {brand && <BrandForm key={brand.id} brand={brand} />}
    </section>
  )
}

const redirectsText = (map: Record<string, string>) =>
  Object.entries(map)
    .map(([from, to]) => `${from} -> ${to}`)
    .join('\n')
const parseRedirects = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((line) => line.split('->').map((part) => part.trim()))
      .filter((parts): parts is [string, string] => parts.length === 2 && !!parts[0] && !!parts[1]),
  )

function BrandForm({ brand }: { brand: AdminBrand }) {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [redirects, setRedirects] = useState(redirectsText(brand.settings.redirects))
  const form = useForm<UpdateBrandRequest>({
    resolver: zodResolver(updateBrandRequest),
    defaultValues: { name: brand.name, host: brand.host, settings: brand.settings },
  })
  const notifications = useFieldArray({ control: form.control, name: 'settings.notifications' })
  const banners = useFieldArray({ control: form.control, name: 'settings.banners' })
  const save = useMutation({
    mutationFn: (body: UpdateBrandRequest) => admin.put(`brands/${brand.id}`, body, brandResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: ['brands'] }),
  })
  const errors = form.formState.errors
  return (
    <form
      className="brand-form"
      onSubmit={(e) => {
        form.setValue('settings.redirects', parseRedirects(redirects))
        return form.handleSubmit((v) => save.mutate(v))(e)
      }}
    >
      <fieldset className="card">
        <legend>{t('brands.identity')}</legend>
        <label>
          {t('brands.name')}
          <input {...form.register('name')} />
        </label>
        <label>
          {t('brands.host')}
          <input {...form.register('host')} />
        </label>
        <label>
          {t('brands.logoUrl')}
          <input {...form.register('settings.logoUrl', { setValueAs: (v) => v || null })} />
        </label>
        {TEXTS.map((k) => (
          <label key={k}>
            {k}
            <input {...form.register(`settings.site.${k}` as const)} />
          </label>
        ))}
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.colours')}</legend>
        {(['primary', 'secondary', 'background'] as const).map((k) => (
          <label key={k}>
            {t(`brands.colour.${k}`)}
            <input type="color" {...form.register(`settings.theme.${k}`)} />
            {errors.settings?.theme?.[k] && (
              <span className="field-error">{errors.settings.theme[k]?.message}</span>
            )}
          </label>
        ))}
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.flags')}</legend>
        <div className="checks">
          {FLAGS.map((k) => (
            <label key={k} className="check">
              <input type="checkbox" {...form.register(`settings.site.${k}` as const)} />
              {k}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.socials')}</legend>
        {socialNetwork.options.map((n) => (
          <div className="row" key={n}>
            <label>
              {n}
              <input {...form.register(`settings.socials.${n}.url`)} />
            </label>
            <label className="check">
              <input type="checkbox" {...form.register(`settings.socials.${n}.is_active`)} />
              {t('brands.active')}
            </label>
          </div>
        ))}
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.tradingApi.title')}</legend>
        <label className="check">
          <input type="checkbox" {...form.register('settings.tradingApi')} />
          {t('brands.tradingApi.enabled')}
        </label>
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.loginProtection.title')}</legend>
        {LOGIN_PROTECTION.map((k) => (
          <label key={k}>
            {t(`brands.loginProtection.${k}`)}
            <input
              type="number"
              {...form.register(`settings.loginProtection.${k}`, { valueAsNumber: true })}
            />
          </label>
        ))}
      </fieldset>
      <fieldset className="card">
        <legend>{t('brands.support')}</legend>
        {SUPPORT.map((k) => (
          <label key={k}>
            {k}
            <input {...form.register(`settings.support.${k}`, { setValueAs: (v) => v || null })} />
          </label>
        ))}
      </fieldset>
      <RemovableRows
        legend={t('brands.notifications')}
        rows={notifications}
        addLabel={t('brands.addMessage')}
        onAdd={() => notifications.append({ id: '', text: '', Type: 'T' })}
      >
        {(i) => (
          <>
            <label className="grow">
              {t('brands.message')}
              <input {...form.register(`settings.notifications.${i}.text`)} />
            </label>
            <label>
              {t('brands.messageType')}
              <select
                {...form.register(`settings.notifications.${i}.Type`, {
                  setValueAs: (v) => v || null,
                })}
              >
                <option value="T">{t('brands.ticker')}</option>
                <option value="N">{t('brands.bell')}</option>
              </select>
            </label>
          </>
        )}
      </RemovableRows>
      <RemovableRows
        legend={t('brands.banners')}
        rows={banners}
        addLabel={t('brands.addBanner')}
        onAdd={() => banners.append({ id: crypto.randomUUID(), title: '', image: '', link: '' })}
      >
        {(i) => (
          <>
            <label>
              {t('brands.bannerTitle')}
              <input {...form.register(`settings.banners.${i}.title`)} />
            </label>
            <label>
              {t('brands.bannerImage')}
              <input {...form.register(`settings.banners.${i}.image`)} />
            </label>
            <label>
              {t('brands.bannerLink')}
              <input {...form.register(`settings.banners.${i}.link`)} />
            </label>
          </>
        )}
      </RemovableRows>
      <fieldset className="card">
        <legend>{t('brands.redirects')}</legend>
        <label>
          {t('brands.redirectsHint')}
          <textarea rows={4} value={redirects} onChange={(e) => setRedirects(e.target.value)} />
        </label>
      </fieldset>
      {save.error && (
        <p role="alert" className="error">
          {save.error.message}
        </p>
      )}
      {save.isSuccess && <p role="status">{t('brands.saved')}</p>}
      <div className="row end sticky">
        <button type="submit" disabled={save.isPending}>
          {t('shell.save')}
        </button>
      </div>
    </form>
  )
}

/** A card of rows the operator adds to and removes from (messages, banners), one Remove a row. */
function RemovableRows({
  legend,
  rows,
  addLabel,
  onAdd,
  children: rowFields,
}: {
  legend: string
  /** A `useFieldArray` of the form: its rows' ids and how to remove one. */
  rows: { fields: { id: string }[]; remove: (index: number) => void }
  addLabel: string
  onAdd: () => void
  children: (index: number) => ReactNode
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="card">
      <legend>{legend}</legend>
      {rows.fields.map((f, i) => (
        <div className="row" key={f.id}>
          {rowFields(i)}
          <button type="button" className="link" onClick={() => rows.remove(i)}>
            {t('brands.remove')}
          </button>
        </div>
      ))}
      <button type="button" className="secondary" onClick={onAdd}>
        {addLabel}
      </button>
    </fieldset>
  )
}
