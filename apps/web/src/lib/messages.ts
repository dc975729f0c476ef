import { MSG } from '@backlay/contract/validation-messages'
import type { TFunction } from 'i18next'

const keyOf = new Map<string, string>(Object.entries(MSG).map(([key, text]) => [text, key]))
const PHONE_LENGTH = /^Phone Number must be (\d+) digits$/

/**
 * Validation and server texts are English in the contract (the spec's exact wording); this shows
 * them in the player's language when `validation.<key>` exists, else as they came.
 * translateMessage(t, 'Otp Required') → 'ओटीपी आवश्यक है' in Hindi
 */
export function translateMessage(t: TFunction, text: string): string {
  const phone = PHONE_LENGTH.exec(text)
  if (phone) return t('validation.phoneLength', { n: phone[1] })
  const key = keyOf.get(text)
  return key ? t(`validation.${key}`, { defaultValue: text }) : text
}
