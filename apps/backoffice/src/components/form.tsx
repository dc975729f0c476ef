import * as Dialog from 'radix-ui/dialog'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

/** A labelled form control with its validation message under it. */
export function Field({
  label,
  error,
  children,
}: {
  label: ReactNode
  error?: ReactNode
  children: ReactNode
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes in as children
    <label>
      {label}
      {children}
      {error}
    </label>
  )
}

/** One option per named item (sports, competitions). */
export function NamedOptions({ items }: { items: readonly { id: string; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ))
}

/**
 * The end of a form: the failed request's message and the submit button; in a dialog, Cancel
 * beside it.
 */
export function FormActions({
  error,
  pending,
  label,
  inDialog = false,
}: {
  error: Error | null
  pending: boolean
  label: ReactNode
  inDialog?: boolean
}) {
  const { t } = useTranslation()
  const submit = (
    <button type="submit" disabled={pending}>
      {label}
    </button>
  )
  return (
    <>
      {error && (
        <p role="alert" className="error">
          {error.message}
        </p>
      )}
      {inDialog ? (
        <div className="row end">
          <Dialog.Close asChild>
            <button type="button" className="secondary">
              {t('shell.cancel')}
            </button>
          </Dialog.Close>
          {submit}
        </div>
      ) : (
        submit
      )}
    </>
  )
}
