// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { storedLanguage, useLanguageStore } from './language-store'

afterEach(() => {
  vi.useRealTimers()
  void i18n.changeLanguage('en')
  localStorage.clear()
})

describe('language store (shell §4)', () => {
  it('applies a new language only after 2 s and remembers it', async () => {
    vi.useFakeTimers()
    useLanguageStore.getState().choose('hi')
    vi.advanceTimersByTime(1_999)
    expect(i18n.language).toBe('en')
    expect(useLanguageStore.getState().pending).toBe('hi')
    await vi.advanceTimersByTimeAsync(1)
    await vi.waitFor(() => expect(i18n.language).toBe('hi'))
    expect(document.documentElement.lang).toBe('hi')
    expect(localStorage.getItem('language')).toBe('hi')
    expect(storedLanguage()).toBe('hi')
  })

  it('refuses a code that is not one of the seven', () => {
    expect(() => useLanguageStore.getState().choose('fr' as 'en')).toThrow()
    localStorage.setItem('language', 'fr')
    expect(storedLanguage()).toBe('en')
  })
})
