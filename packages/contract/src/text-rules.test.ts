import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkedInput, findUnsafeText, unsafeTextReason } from './text-rules'

describe('the text rule', () => {
  it('refuses NUL, other C0 controls and lone surrogates; takes tabs, new lines and emoji', () => {
    for (const bad of ['ab\u0000cd', '\u0007', 'x\u001b[31m', '\ud800', 'a\udc00b', '\ud83d'])
      expect(unsafeTextReason(bad), JSON.stringify(bad)).not.toBeNull()
    for (const good of ['', 'plain', 'tab\there', 'two\r\nlines', '😀 पैसा', '\u007f'])
      expect(unsafeTextReason(good), JSON.stringify(good)).toBeNull()
  })

  it('finds the first unsafe string however deep, keys included', () => {
    expect(findUnsafeText({ search: { match_id: ['ok', 'a\u0000'] } })).toEqual({
      path: ['search', 'match_id', 1],
      reason: 'a NUL or other control character',
    })
    expect(findUnsafeText({ 'k\u0000': 1 })?.path).toEqual(['k\u0000'])
    expect(findUnsafeText({ a: 1, b: [true, null, 'fine'] })).toBeNull()
  })

  it('fails a schema at the field, before the schema runs', () => {
    const schema = checkedInput(z.object({ search: z.string().transform(() => 'ran') }))
    const refused = schema.safeParse({ search: 'ab\u0000cd' })
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['search'],
        message: 'search holds a NUL or other control character',
      }),
    ])
    expect(schema.parse({ search: 'abcd' })).toEqual({ search: 'ran' })
  })
})
