import { execFile } from 'node:child_process'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/test-app'
import { STREAM_CERT_FILE } from './stream/stream-certificate'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))

/** The README's example bot, run as a user runs it, against a listening server. */
describe('examples/betfair-bot.ts', () => {
  let t: TestApp
  let url: string
  let streamPort: number
  let caFile: string
  beforeAll(async () => {
    t = await buildTestApp()
    // The demo brand answers on localhost, as under npm start.
    await t.app.listen({ port: 0, host: 'localhost' })
    url = `http://localhost:${(t.app.server.address() as AddressInfo).port}`
    streamPort = (await t.app.tradingStream.listening()) ?? 0
    caFile = join(t.config.DATA_DIR, STREAM_CERT_FILE)
  })
  afterAll(() => t.close())

  it('logs in, follows its orders on the stream, prices a market, places, replaces, lists and cancels a bet, and logs out', async () => {
    const { stdout } = await run(`${ROOT}node_modules/.bin/tsx`, ['examples/betfair-bot.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        BACKLAY_URL: url,
        BACKLAY_STREAM_PORT: String(streamPort),
        BACKLAY_STREAM_CA: caFile,
      },
      timeout: 60_000,
    })
    expect(stdout).toMatch(/^available [\d.]+, exposure 0$/m)
    expect(stdout).toMatch(/^market 1\.\d+: .+, runner .+$/m)
    expect(stdout).toMatch(/^stream: following orders on localhost:\d+$/m)
    expect(stdout).toMatch(/^placed SUCCESS: bet \S+, EXECUTABLE$/m)
    expect(stdout).toMatch(/^stream: bet \S+ executable$/m)
    expect(stdout).toMatch(/^replaced SUCCESS: now bet \S+ at 1\.02$/m)
    expect(stdout).toMatch(/^current: \S+ EXECUTABLE 1\.02$/m)
    expect(stdout).toMatch(/^cancelled SUCCESS: 1 bet\(s\)$/m)
    expect(stdout).toMatch(/^stream: bet \S+ complete$/m)
    expect(stdout).toMatch(/^logged out$/m)
  }, 90_000)
})
