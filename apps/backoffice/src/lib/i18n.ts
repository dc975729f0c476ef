import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

/**
 * `locales/en/<feature>.json`, one file per feature, a file's name being its key prefix. The
 * console is English-only for now; a language is a folder of the same files.
 */
const files = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
})
const en: Record<string, unknown> = {}
for (const [file, resource] of Object.entries(files)) {
  const feature = /\/([a-z0-9-]+)\.json$/.exec(file)?.[1]
  if (feature) en[feature] = resource
}

export const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  interpolation: { escapeValue: false },
})
