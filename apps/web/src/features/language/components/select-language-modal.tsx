import { LANGUAGES, type Language } from '@backlay/contract/language'
import * as Dialog from 'radix-ui/dialog'
import * as RadioGroup from 'radix-ui/radio-group'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLoginUiStore } from '../../auth/stores/login-ui-store'
import { LANGUAGE_NAMES, useLanguageStore } from '../stores/language-store'
import styles from './language.module.css'

/** Shell §2 Select Language modal: the seven languages, Confirm and Cancel. */
export function SelectLanguageModal() {
  const { t } = useTranslation()
  const open = useLoginUiStore((s) => s.languagePicker)
  const setOpen = useLoginUiStore((s) => s.setLanguagePicker)
  const { current, choose } = useLanguageStore()
  const [picked, setPicked] = useState<Language>(current)
  useEffect(() => {
    if (open) setPicked(current)
  }, [open, current])

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content} aria-describedby={undefined}>
          <Dialog.Title className={styles.title}>{t('language.title')}</Dialog.Title>
          <RadioGroup.Root
            className={styles.options}
            value={picked}
            onValueChange={(v) => setPicked(v as Language)}
            aria-label={t('language.title')}
          >
            {LANGUAGES.map((lng) => (
              <div key={lng} className={styles.option}>
                <RadioGroup.Item id={`language-${lng}`} value={lng} className={styles.radio}>
                  <RadioGroup.Indicator className={styles.dot} />
                </RadioGroup.Item>
                <label htmlFor={`language-${lng}`} lang={lng}>
                  {LANGUAGE_NAMES[lng]}
                </label>
              </div>
            ))}
          </RadioGroup.Root>
          <div className={styles.actions}>
            <Dialog.Close className={styles.cancel}>{t('language.cancel')}</Dialog.Close>
            <button
              type="button"
              className={styles.confirm}
              onClick={() => {
                choose(picked)
                setOpen(false)
              }}
            >
              {t('language.confirm')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
