import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@backlay/contract/language'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import bn from '../locales/bn.json'
import en from '../locales/en.json'
import es from '../locales/es.json'
import gu from '../locales/gu.json'
import hi from '../locales/hi.json'
import kn from '../locales/kn.json'
import mr from '../locales/mr.json'

/** Keys are grouped by feature (`shell.*`, `home.*`); English is the source every file must match. */
export const translations: Record<Language, typeof en> = { en, hi, mr, gu, kn, bn, es }

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof en }
  }
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
