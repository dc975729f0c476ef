/**
 * Provably fair crash points, exactly as Bustabit v2 computes them. Runs unchanged in Node 20 and
 * in the browser (Web Crypto), so the verify page recomputes rounds with the server's own code.
 *
 * Byte encodings:
 * - chain: next = SHA-256(UTF-8 bytes of the previous hash's 64-char lowercase hex string);
 *   game n's hash, chained n times, equals the published terminating hash.
 * - result: HMAC-SHA256(key = UTF-8 bytes of the salt string, message = the 32 raw bytes of the game
 *   hash); X = first 52 bits (13 hex digits) / 2^52; crash = max(1, ⌊99 / (1 − X)⌋ / 100).
 *   Results are kept as integer hundredths (2.38× → 238), the same IEEE arithmetic as Bustabit's
 *   verifier so that every result matches theirs bit for bit.
 */
const subtle = globalThis.crypto.subtle
const utf8 = new TextEncoder()

const toHex = (buffer: ArrayBuffer): string => {
  const bytes = new Uint8Array(buffer)
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}

const fromHex = (hex: string): Uint8Array<ArrayBuffer> => {
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`not a lowercase SHA-256 hex string: ${hex}`)
  const bytes = new Uint8Array(32)
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** nextChainHash(h) = SHA-256 of h's hex text; e.g. of the game before, towards the terminating hash. */
export const nextChainHash = async (hash: string): Promise<string> =>
  toHex(await subtle.digest('SHA-256', utf8.encode(hash)))

/** crashPointFromHmac('0000000000000…') → 100; a uniform X = 0.5 → 198 (1.98×). */
export const crashPointFromHmac = (hmacHex: string): number => {
  const r = Number.parseInt(hmacHex.slice(0, 13), 16)
  const x = r / 2 ** 52
  return Math.max(100, Math.floor(99 / (1 - x)))
}

/** crashPoint('5d07719b…2eb2', '0000…c59526') → 205590 (2055.90×, Bustabit game of 2018). */
export const crashPoint = async (gameHash: string, salt: string): Promise<number> => {
  const key = await subtle.importKey(
    'raw',
    utf8.encode(salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return crashPointFromHmac(toHex(await subtle.sign('HMAC', key, fromHex(gameHash))))
}

/**
 * Hashes of games 1..length from a secret seed (hex): game `length` uses the seed itself, game n
 * uses the hash of game n+1, and the terminating hash is the hash of game 1.
 */
export const buildChain = async (
  seed: string,
  length: number,
): Promise<{ games: string[]; terminatingHash: string }> => {
  const games = new Array<string>(length)
  let hash = seed
  for (let n = length; n >= 1; n--) {
    games[n - 1] = hash
    hash = await nextChainHash(hash)
  }
  return { games, terminatingHash: hash }
}

/**
 * Walks game `gameNumber`'s hash forward `gameNumber` times and checks it lands on the terminating
 * hash: the proof that the round's hash was fixed before play began.
 */
export const isInChain = async (
  gameHash: string,
  gameNumber: number,
  terminatingHash: string,
): Promise<boolean> => {
  let hash = gameHash
  for (let i = 0; i < gameNumber; i++) hash = await nextChainHash(hash)
  return hash === terminatingHash
}
