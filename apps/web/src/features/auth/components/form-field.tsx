import { PASSWORD_MAX } from '@backlay/contract/limits'
import { type InputHTMLAttributes, type ReactNode, useId } from 'react'
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { translateMessage } from '../../../lib/messages'
import styles from './auth.module.css'
import { CountrySelect } from './country-select'

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

/** A password input capped at the contract's maximum length. */
export function PasswordField(props: Omit<FormFieldProps, 'type' | 'maxLength'>) {
  return <FormField type="password" maxLength={PASSWORD_MAX} {...props} />
}

/** The phone number input with its country calling code picker (`country`) on the same line. */
export function PhoneField({
  country,
  ...props
}: Omit<FormFieldProps, 'label' | 'type' | 'before'> & { country: UseFormRegisterReturn }) {
  const { t } = useTranslation()
  return (
    <FormField
      label={t('auth.phoneNumber')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      before={<CountrySelect {...country} />}
      {...props}
    />
  )
}

interface ToggleGroupProps<V extends string> {
  legend: string
  options: { value: V; label: string }[]
  value: V
  onChange: (value: V) => void
}

/** Two or more pressed-state buttons choosing one option, named for screen readers by a hidden legend. */
export function ToggleGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
}: ToggleGroupProps<V>) {
  return (
    <fieldset className={styles.toggle}>
      <legend className={styles.srOnly}>{legend}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  )
}
