import { z } from 'zod'

/*
 * What no text of any door takes, decided here once: the web and back-office calls, the casino
 * wallet, the stream's subscriptions and the feed's files all parse their input through
 * `checkedInput`, so a string the store would refuse (PostgreSQL takes no NUL in text) or mangle
 * (a lone surrogate has no UTF-8 form) is a clear 400 naming its field, not a 500 deep inside.
 */

/** Whether a code unit is a C0 control other than tab, line feed and carriage return. */
const isControl = (unit: number) => unit < 0x20 && unit !== 0x09 && unit !== 0x0a && unit !== 0x0d

/**
 * Why no field takes `text`, or null when it is fine.
 * unsafeTextReason('ab\u0000cd') → 'a NUL or other control character'
 */
export function unsafeTextReason(text: string): string | null {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (isControl(unit)) return 'a NUL or other control character'
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(i + 1)
      const paired = unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff
      if (!paired) return 'a lone UTF-16 surrogate (not text)'
      i += 1
    }
  }
  return null
}

export interface UnsafeText {
  readonly path: (string | number)[]
  readonly reason: string
}

/**
 * The first string anywhere in a parsed input (values and object keys, however deep) that no
 * field takes, with where it is.
 * findUnsafeText({ search: 'a\u0000' }) → { path: ['search'], reason: 'a NUL or other control character' }
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): UnsafeText | null {
  if (typeof value === 'string') {
    const reason = unsafeTextReason(value)
    return reason ? { path, reason } : null
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i])
      if (found) return found
    }
    return null
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      const reason = unsafeTextReason(key)
      if (reason) return { path: [...path, key], reason: `a key with ${reason}` }
      const found = findUnsafeText(inner, [...path, key])
      if (found) return found
    }
  }
  return null
}

/** The readable refusal: unsafeTextMessage({ path: ['search'], … }) → 'search holds a NUL or …' */
export const unsafeTextMessage = ({ path, reason }: UnsafeText) =>
  `${path.length > 0 ? path.join('.') : 'The text'} holds ${reason}`

/**
 * `schema` behind the text rule: an input with an unsafe string anywhere fails with one issue
 * at that string's path, before `schema` (or anything after it) sees the input.
 */
export const checkedInput = <S extends z.ZodType>(schema: S) =>
  z
    .unknown()
    .superRefine((input, ctx) => {
      const unsafe = findUnsafeText(input)
      if (unsafe)
        ctx.addIssue({ code: 'custom', path: unsafe.path, message: unsafeTextMessage(unsafe) })
    })
    .pipe(schema)
