import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password'

describe('password hashing', () => {
  it('uses argon2id with the OWASP parameters and a fresh salt', async () => {
    const a = await hashPassword('Password1')
    const b = await hashPassword('Password1')
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(a).not.toBe(b)
  })

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Password1')
    expect(await verifyPassword(stored, 'Password1')).toBe(true)
    expect(await verifyPassword(stored, 'password1')).toBe(false)
  })

  it('answers false for a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('not-a-hash', 'Password1')).toBe(false)
  })
})
