import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGES } from '@backlay/contract/language'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, loadLanguage } from './i18n'

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Flattens nested translation objects to dotted keys: { a: { b: 'x' } } → ['a.b']. */
const keysOf = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([k, v]) =>
    typeof v === 'object' && v !== null ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )

const keysOfLanguage = (lng: string) => keysOf(i18n.getResourceBundle(lng, 'translation'))
const englishKeys = new Set(keysOfLanguage('en').map((k) => k.replace(PLURAL_SUFFIX, '')))

describe.each(LANGUAGES)('%s translations', (lng) => {
  let keys: string[] = []
  beforeAll(async () => {
    await loadLanguage(lng)
    keys = keysOfLanguage(lng)
  })

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
    await loadLanguage('hi')
    await i18n.changeLanguage('hi')
    expect(i18n.t('home.sports.cricket')).toBe('क्रिकेट')
    expect(i18n.t('home.matchCount', { count: 3 })).toBe('3 मैच')
    await i18n.changeLanguage('en')
    expect(i18n.t('home.matchCount', { count: 1 })).toBe('1 match')
  })
})

/** Every source file of the app, tests excluded. */
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : []
  })

describe('keys used in the code', () => {
  // The resources are plain JSON (one file per feature), so the compiler cannot check keys: this does.
  const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  const used = sourceFiles(srcDir).flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /\b(?:t|i18nKey=)\(?\s*['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/g,
      ),
    ].map((m) => [path.relative(srcDir, file), m[1] as string] as const),
  )

  it('finds the literal keys', () => {
    expect(used.length).toBeGreaterThan(5)
  })

  it.each(used)('%s uses %s, which English defines', (_file, key) => {
    // Plural keys exist only with their suffixes (`home.matchCount_one`).
    expect(i18n.exists(key, { lng: 'en' }) || i18n.exists(`${key}_other`, { lng: 'en' })).toBe(true)
  })
})
