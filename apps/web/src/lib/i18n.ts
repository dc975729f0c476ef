import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@backlay/contract/language'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'

type Resource = Record<string, unknown>

/**
 * `locales/<language>/<feature>.json`: one file per feature per language, so features add
 * their strings without touching each other's files. A file's name is its key prefix
 * (`home.json` holds `home.*`); English is the source every other language must match.
 * English ships with the app, so the first paint is already translated; every other language is
 * fetched (one chunk each) only when it is chosen or was chosen before.
 */
const english = import.meta.glob<Resource>('../locales/en/*.json', {
  eager: true,
  import: 'default',
})
const others = import.meta.glob<Resource>(['../locales/*/*.json', '!../locales/en/*.json'], {
  import: 'default',
})

const fileName = /\/locales\/([a-z]+)\/([a-z0-9-]+)\.json$/
const languageOf = (file: string) => fileName.exec(file)?.[1]
const featureOf = (file: string) => fileName.exec(file)?.[2] ?? file

export const i18n = i18next.createInstance()

void i18n.use(initReactI18next).init({
  resources: {
    [DEFAULT_LANGUAGE]: {
      translation: Object.fromEntries(
        Object.entries(english).map(([file, resource]) => [featureOf(file), resource]),
      ),
    },
  },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false },
})

/** Fetches a language's strings once; `changeLanguage` after it shows them at once. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'translation')) return
  const files = Object.entries(others).filter(([file]) => languageOf(file) === lng)
  const resource = Object.fromEntries(
    await Promise.all(files.map(async ([file, load]) => [featureOf(file), await load()])),
  )
  i18n.addResourceBundle(lng, 'translation', resource)
}
