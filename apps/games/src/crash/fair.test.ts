import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildChain, crashPoint, crashPointFromHmac, isInChain, nextChainHash } from './fair'

// Salt of Bustabit's second seeding event (bitcoin block 505750, bitcointalk topic 2807542).
const BUSTABIT_SALT = '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526'

describe('crash point (Bustabit v2 formula)', () => {
  it('recomputes a published Bustabit game: 5d07719b… busted at 2055.90×', async () => {
    // Example from the documentation of the `bustabit` verification crate (a port of the
    // third-party verification script): hash 5d07719b…2eb2 "will print 2055.9".
    const hash = '5d07719b61b0abb6f1c3b17b1d69c838278f87f9b5e75077026e5fedf96c2eb2'
    expect(await crashPoint(hash, BUSTABIT_SALT)).toBe(205590)
  })

  it('takes the first 52 bits: X = 0 busts at 1.00×, X = 1/2 at 1.98×, X = 3/4 at 3.96×', () => {
    expect(crashPointFromHmac(`0000000000000${'f'.repeat(51)}`)).toBe(100)
    expect(crashPointFromHmac(`8000000000000${'f'.repeat(51)}`)).toBe(198)
    expect(crashPointFromHmac(`c000000000000${'0'.repeat(51)}`)).toBe(396)
  })

  it('keeps a 1 % house edge: P(crash ≥ 2×) ≈ 0.495 over 20 000 random hashes', async () => {
    let atLeastTwo = 0
    const n = 20_000
    for (let i = 0; i < n; i++) {
      if ((await crashPoint(randomBytes(32).toString('hex'), BUSTABIT_SALT)) >= 200) atLeastTwo++
    }
    // binomial sd = sqrt(n p (1-p)) ≈ 70.7 → 5 sd ≈ 354
    expect(Math.abs(atLeastTwo - 0.495 * n)).toBeLessThan(354)
  })
})

describe('hash chain', () => {
  it('hashes the lowercase hex text of the previous hash', async () => {
    const hash = randomBytes(32).toString('hex')
    expect(await nextChainHash(hash)).toBe(createHash('sha256').update(hash, 'utf8').digest('hex'))
  })

  it('walks any game back to the terminating hash, and only from its own position', async () => {
    const { games, terminatingHash } = await buildChain(randomBytes(32).toString('hex'), 500)
    expect(await nextChainHash(games[0] as string)).toBe(terminatingHash)
    for (const n of [1, 2, 250, 500]) {
      expect(await isInChain(games[n - 1] as string, n, terminatingHash)).toBe(true)
    }
    expect(await isInChain(games[9] as string, 9, terminatingHash)).toBe(false)
    expect(await isInChain(randomBytes(32).toString('hex'), 10, terminatingHash)).toBe(false)
  })
})
