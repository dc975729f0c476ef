import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { issueMessage } from './issue-message'

const body = z.strictObject({
  stack: z.number(),
  nested: z.strictObject({ a: z.string() }).optional(),
})
const msgOf = (input: unknown) => {
  const r = body.safeParse(input)
  return r.error ? issueMessage(r.error) : null
}

describe('issueMessage', () => {
  it('prefixes generic zod texts with the field', () => {
    expect(msgOf({ stack: 'x' })).toBe('stack: Invalid input: expected number, received string')
  })
  it('names unknown fields, nested ones with their path', () => {
    expect(msgOf({ stack: 1, evil: true })).toBe('Unknown field: evil')
    expect(msgOf({ stack: 1, nested: { a: 'x', b: 1 } })).toBe('Unknown field: nested.b')
  })
  it('passes spec texts through unchanged', () => {
    const r = z.object({ otp: z.string().min(1, 'Otp Required') }).safeParse({ otp: '' })
    expect(r.error && issueMessage(r.error)).toBe('Otp Required')
  })
})
