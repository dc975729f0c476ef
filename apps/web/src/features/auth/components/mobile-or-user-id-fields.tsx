import { useFormContext } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormField, PhoneField, ToggleGroup } from './form-field'

/** The flat values behind the fields; each form's contract union picks the pair its mode needs. */
export interface MobileOrUserIdValues {
  mode: 'mobile' | 'userId'
  country_code: string
  mobile: string
  user_name: string
}

/**
 * Shell §2 and §4: the Mobile Number / User Id toggle and the one field it shows, inside a
 * react-hook-form `FormProvider` whose values include `MobileOrUserIdValues`. Switching clears
 * the form's errors, since the hidden field's message no longer applies.
 */
export function MobileOrUserIdFields({ legend }: { legend: string }) {
  const { t } = useTranslation()
  const { register, watch, setValue, clearErrors, formState } =
    useFormContext<MobileOrUserIdValues>()
  const mode = watch('mode')
  const switchMode = (next: MobileOrUserIdValues['mode']) => {
    setValue('mode', next)
    clearErrors()
  }
  return (
    <>
      <ToggleGroup
        legend={legend}
        options={[
          { value: 'mobile', label: t('auth.mobileNumber') },
          { value: 'userId', label: t('auth.userId') },
        ]}
        value={mode}
        onChange={switchMode}
      />
      {mode === 'mobile' ? (
        <PhoneField
          country={register('country_code')}
          error={formState.errors.mobile}
          {...register('mobile')}
        />
      ) : (
        <FormField
          label={t('auth.userId')}
          autoComplete="username"
          error={formState.errors.user_name}
          {...register('user_name')}
        />
      )}
    </>
  )
}
