import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@backlay/contract/language'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

type Resource = Record<string, unknown>

/**
 * `locales/<language>/<feature>.json`: one file per feature per language, so features add
 * their strings without touching each other's files. A file's name is its key prefix
 * (`home.json` holds `home.*`); English is the source every other language must match.
 */
const files = import.meta.glob<Resource>('../locales/*/*.json', { eager: true, import: 'default' })

export const translations = Object.fromEntries(
  LANGUAGES.map((lng) => [lng, {} as Resource]),
) as Record<Language, Resource>
for (const [file, resource] of Object.entries(files)) {
  const [, lng, feature] = /\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/.exec(file) ?? []
  if (lng && feature && lng in translations) translations[lng as Language][feature] = resource
}

export const i18n = i18next.createInstance()

// The files are small and bundled, so start-up is synchronous and the first paint is already translated.
void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((lng) => [lng, { translation: translations[lng] }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
})
