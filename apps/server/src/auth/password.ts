import { hash, verify } from '@node-rs/argon2'

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane (algorithm 2 is Argon2id; the package exports it as a const enum that isolated modules cannot import). */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2ID)

/** False (never a throw) for a wrong password or a malformed stored hash. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
