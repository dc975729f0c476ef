import { randomInt } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../test/session-helpers'
import { buildTestApp, type TestApp } from '../test/test-app'
import { type DefaultStartApp, startAsDefault } from './default-start'

/** A loopback address of its own for each test (and run: Redis keeps counters a minute). */
const octet = () => randomInt(1, 255)
const nextAddress = () => `127.${octet()}.${octet()}.${octet()}`

describe('abuse limits (default start)', () => {
  let s: DefaultStartApp
  beforeAll(async () => {
    s = await startAsDefault()
  })
  afterAll(() => s.close())

  const serverTime = (remoteAddress: string, token?: string) =>
    s.app.inject({
      method: 'GET',
      url: '/api/v1/server-time',
      remoteAddress,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('answers 429 in the API shape to 1,000 rapid calls from one address, past its budget', async () => {
    const address = nextAddress()
    const answers = []
    for (let i = 0; i < 1_000; i++) answers.push(await serverTime(address))
    const ok = answers.filter((a) => a.statusCode === 200).length
    expect(ok).toBe(s.config.RATE_LIMIT_PER_ADDRESS)
    const refused = answers.filter((a) => a.statusCode === 429)
    expect(refused).toHaveLength(1_000 - ok)
    expect(refused[0]?.json()).toMatchObject({
      status: false,
      code: 'API.RATE_LIMITED',
      msg: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/),
    })
  }, 120_000)

  it('gives each signed-in session its own budget, so players behind one address keep playing', async () => {
    const address = nextAddress()
    for (let i = 0; i < s.config.RATE_LIMIT_PER_ADDRESS; i++) await serverTime(address)
    expect((await serverTime(address)).statusCode).toBe(429)
    const { token } = await loginAs(s.app, 'demo1', 'Password1')
    expect((await serverTime(address, token)).statusCode).toBe(200)
    // A made-up token buys no budget of its own: it counts against the address.
    expect((await serverTime(address, `${token.slice(0, -4)}AAAA`)).statusCode).toBe(429)
  }, 120_000)

  it('closes 200 connections that never finish their headers', async () => {
    const { port } = s.app.server.address() as AddressInfo
    const started = Date.now()
    const sockets: Socket[] = []
    const closed = await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<number>((resolve) => {
            const socket = connect(port, '127.0.0.1', () => {
              socket.write('GET /api/v1/server-time HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
            })
            socket.on('error', () => undefined)
            socket.resume()
            socket.on('close', () => resolve(Date.now() - started))
            sockets.push(socket)
          }),
      ),
    )
    // Node's 10 s headers timeout, checked every second (later on a loaded machine); a socket
    // never closed would hang here.
    expect(Math.min(...closed)).toBeGreaterThanOrEqual(9_000)
    expect(Math.max(...closed)).toBeLessThan(25_000)
    expect(sockets.every((socket) => socket.destroyed)).toBe(true)
    const held = await new Promise<number>((resolve, reject) =>
      s.app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
    )
    expect(held).toBe(0)
  }, 40_000)
})

describe('abuse limits shared over Redis (REDIS_URL)', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl, RATE_LIMIT_PER_ADDRESS: '20', FEED: 'off' }
    ;[a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })])
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  it('spends one budget per address across two server processes', async () => {
    const remoteAddress = nextAddress()
    const call = (s: TestApp) =>
      s.app.inject({ method: 'GET', url: '/api/v1/server-time', remoteAddress })
    for (let i = 0; i < 10; i++) expect((await call(a)).statusCode).toBe(200)
    for (let i = 0; i < 10; i++) expect((await call(b)).statusCode).toBe(200)
    expect((await call(a)).statusCode).toBe(429)
    expect((await call(b)).statusCode).toBe(429)
  })
})

describe('abuse limits behind a load balancer (TRUST_PROXY)', () => {
  const BALANCER = '10.9.8.7'
  const apps: TestApp[] = []
  afterAll(() => Promise.all(apps.map((t) => t.close())))

  /** Two players' calls through the balancer: the second's answer once the first spent its budget. */
  const secondPlayerAfterFirstSpent = async (env: Record<string, string>) => {
    const t = await buildTestApp({ env: { RATE_LIMIT_PER_ADDRESS: '3', FEED: 'off', ...env } })
    apps.push(t)
    const call = (client: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/v1/server-time',
        remoteAddress: BALANCER,
        headers: { 'x-forwarded-for': client },
      })
    for (let i = 0; i < 3; i++) expect((await call('203.0.113.1')).statusCode).toBe(200)
    expect((await call('203.0.113.1')).statusCode).toBe(429)
    return (await call('203.0.113.2')).statusCode
  }

  it('counts each client behind a trusted balancer on its own', async () => {
    expect(await secondPlayerAfterFirstSpent({ TRUST_PROXY: `${BALANCER},192.0.2.0/24` })).toBe(200)
  })

  it('counts every call through an untrusted one against the balancer', async () => {
    expect(await secondPlayerAfterFirstSpent({})).toBe(429)
  })
})
