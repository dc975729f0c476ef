import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@backlay/contract/language'
import { DELAY_MS } from '@backlay/contract/timing'
import { create } from 'zustand'
import { i18n, loadLanguage } from '../../../lib/i18n'
import { local, STORAGE_KEYS } from '../../../lib/storage'

/** Each language named in its own script, so a reader finds theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  gu: 'ગુજરાતી',
  kn: 'ಕನ್ನಡ',
  bn: 'বাংলা',
  es: 'Español',
}

/** storedLanguage() → 'hi' when Hindi was chosen before; anything not one of the seven → 'en'. */
export const storedLanguage = (): Language => {
  const stored = local.get(STORAGE_KEYS.language)
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
}

const apply = async (lng: Language) => {
  await loadLanguage(lng)
  await i18n.changeLanguage(lng)
  if (typeof document !== 'undefined') document.documentElement.lang = lng
}

interface LanguageState {
  current: Language
  /** The language waiting for its delayed apply, if any. */
  pending: Language | null
  choose: (lng: Language) => void
}

let timer: ReturnType<typeof setTimeout> | undefined

/** Shell §4: a new language applies after 2 s and is remembered for the next visit. */
export const useLanguageStore = create<LanguageState>((set) => ({
  current: storedLanguage(),
  pending: null,
  choose: (lng) => {
    if (!isLanguage(lng)) throw new Error(`Not one of the site's languages: ${lng}`)
    clearTimeout(timer)
    set({ pending: lng })
    timer = setTimeout(() => {
      local.set(STORAGE_KEYS.language, lng)
      void apply(lng).then(() => set({ current: lng, pending: null }))
    }, DELAY_MS.languageChange)
  },
}))

/** Settles once the remembered language is loaded and applied: the app renders after it. */
export const languageReady = apply(useLanguageStore.getState().current)
