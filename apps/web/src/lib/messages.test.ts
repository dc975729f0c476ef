import { beforeAll, describe, expect, it } from 'vitest'
import { i18n, loadLanguage } from './i18n'
import { translateMessage } from './messages'

describe('translateMessage', () => {
  beforeAll(() => loadLanguage('hi'))
  const hindi = i18n.getFixedT('hi')
  const english = i18n.getFixedT('en')

  it('keeps the spec wording in English', () => {
    expect(translateMessage(english, 'Otp Required')).toBe('Otp Required')
    expect(translateMessage(english, 'Phone Number must be 10 digits')).toBe(
      'Phone Number must be 10 digits',
    )
  })

  it('translates known messages, phone length included', () => {
    expect(translateMessage(hindi, 'Otp Required')).toBe('ओटीपी आवश्यक है')
    expect(translateMessage(hindi, 'Phone Number must be 10 digits')).toBe(
      'फ़ोन नंबर 10 अंकों का होना चाहिए',
    )
  })

  it('passes unknown server texts through', () => {
    expect(translateMessage(hindi, 'Invalid user id or password.')).toBe(
      'Invalid user id or password.',
    )
  })
})
