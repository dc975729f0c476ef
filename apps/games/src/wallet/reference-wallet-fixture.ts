import { afterAll, beforeAll } from 'vitest'
import { startDevWallet } from './dev-wallet-server'
import { createReferenceWallet } from './reference-wallet'
import { createWalletClient } from './wallet-client'

/**
 * For tests: the reference wallet served over real HTTP for the whole file (a stand-in for the
 * Backlay server's endpoints), and a signed client of it.
 */
export const serveReferenceWallet = (secret: string, now: () => number) => {
  const wallet = createReferenceWallet({ now, tokenTtlMs: 60_000 })
  let server: Awaited<ReturnType<typeof startDevWallet>> | undefined
  beforeAll(async () => {
    server = await startDevWallet(wallet, secret)
  })
  afterAll(() => server?.close())
  return {
    wallet,
    url: () => server?.url ?? '',
    client: () => createWalletClient({ baseUrl: server?.url ?? '', secret }),
  }
}
