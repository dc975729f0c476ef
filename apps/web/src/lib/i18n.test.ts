import { LANGUAGES } from '@backlay/contract/language'
import { describe, expect, it } from 'vitest'
import { i18n, translations } from './i18n'

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Flattens nested translation objects to dotted keys: { a: { b: 'x' } } → ['a.b']. */
const keysOf = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

const englishKeys = new Set(keysOf(translations.en).map((k) => k.replace(PLURAL_SUFFIX, '')))

describe.each(LANGUAGES)('%s translations', (lng) => {
  const keys = keysOf(translations[lng])

  it('holds exactly the English keys', () => {
    expect(new Set(keys.map((k) => k.replace(PLURAL_SUFFIX, '')))).toEqual(englishKeys)
  })

  it("has every plural form the language's rules ask for", () => {
    const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories
    const plurals = [
      ...new Set(
        keys.filter((k) => PLURAL_SUFFIX.test(k)).map((k) => k.replace(PLURAL_SUFFIX, '')),
      ),
    ]
    for (const base of plurals) {
      for (const category of categories) expect(keys).toContain(`${base}_${category}`)
    }
  })

  it('fills every string and keeps the English placeholders', () => {
    const placeholders = (s: string) => (s.match(/{{\w+}}/g) ?? []).sort()
    for (const key of keys) {
      const text = i18n.getResource(lng, 'translation', key) as string
      const englishKey = englishKeys.has(key) ? key : `${key.replace(PLURAL_SUFFIX, '')}_other`
      const english = i18n.getResource('en', 'translation', englishKey) as string
      expect(text.trim()).not.toBe('')
      expect(placeholders(text)).toEqual(placeholders(english))
    }
  })
})

describe('i18n instance', () => {
  it('starts in English and switches language', async () => {
    expect(i18n.t('home.sports.cricket')).toBe('Cricket')
    await i18n.changeLanguage('hi')
    expect(i18n.t('home.sports.cricket')).toBe('क्रिकेट')
    expect(i18n.t('home.matchCount', { count: 3 })).toBe('3 मैच')
    await i18n.changeLanguage('en')
    expect(i18n.t('home.matchCount', { count: 1 })).toBe('1 match')
  })
})
