/** Shell §1: the seven languages, English first and default. */
export const LANGUAGES = ['en', 'hi', 'mr', 'gu', 'kn', 'bn', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'en'

/** isLanguage('hi') → true; isLanguage('fr') → false. */
export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value)
