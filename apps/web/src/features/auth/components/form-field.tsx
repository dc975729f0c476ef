import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import type { FieldError } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '../../../lib/messages'
import styles from './auth.module.css'

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string
  error?: FieldError | undefined
  /** Shown before the input on the same line (the country code picker). */
  before?: ReactNode
  hint?: ReactNode
}

/** A labelled input whose validation message is announced and tied to it. */
export function FormField({ label, error, before, hint, ...input }: FormFieldProps) {
  const { t } = useTranslation()
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.inputRow}>
        {before}
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </div>
      {hint}
      {error?.message ? (
        <p id={errorId} className={styles.error} role="alert">
          {translateMessage(t, error.message)}
        </p>
      ) : null}
    </div>
  )
}
