import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import tls from 'node:tls'
import { STREAM_PATH } from '@backlay/contract/stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { buildTestApp, type TestApp } from '../test/test-app'
import { loopbackCertificate } from '../test/test-certificates'

/** An HTTP/2 session trusting only the test's certificate, as a browser opens one per origin. */
async function http2Session(origin: string, ca: string) {
  const session = http2.connect(origin, { ca })
  await once(session, 'connect')
  return session
}

/** GET on an open HTTP/2 session. */
async function getOn(session: http2.ClientHttp2Session, path: string) {
  const request = session.request({ ':path': path })
  const [headers] = (await once(request, 'response')) as [http2.IncomingHttpHeaders]
  let body = ''
  for await (const chunk of request) body += chunk
  return { protocol: session.alpnProtocol, status: headers[':status'], body }
}

/** GET over HTTP/1.1 (Node's https offers no ALPN, as an old client or a proxy might). */
const getOverHttp1 = (url: string, ca: string) =>
  new Promise<{ version: string; status?: number; body: string }>((resolve, reject) => {
    https
      .get(url, { ca, agent: false }, (res) => {
        let body = ''
        res.on('data', (chunk) => {
          body += chunk
        })
        res.on('end', () => resolve({ version: res.httpVersion, status: res.statusCode, body }))
      })
      .on('error', reject)
  })

/** The app listening with a certificate of its own; `ca` is what a client must trust. */
async function startTlsApp(name: string): Promise<{ t: TestApp; origin: string; ca: string }> {
  const certificate = await loopbackCertificate(name)
  const dir = mkdtempSync(join(tmpdir(), 'backlay-tls-'))
  writeFileSync(join(dir, 'site.crt'), certificate.cert)
  writeFileSync(join(dir, 'site.key'), certificate.private)
  const t = await buildTestApp({
    env: { FEED: 'off', TLS_CERT_FILE: join(dir, 'site.crt'), TLS_KEY_FILE: join(dir, 'site.key') },
  })
  await t.app.listen({ host: '127.0.0.1', port: 0 })
  const address = t.app.server.address()
  if (!address || typeof address === 'string') throw new Error('not listening')
  return { t, origin: `https://127.0.0.1:${address.port}`, ca: certificate.cert }
}

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  let t: TestApp
  let origin = ''
  let ca = ''
  beforeAll(async () => {
    ;({ t, origin, ca } = await startTlsApp('backlay-tls-test'))
  })
  afterAll(() => t.close())

  it('answers HTTP/2 to a client that offers it, and HTTP/1.1 to one that does not', async () => {
    const session = await http2Session(origin, ca)
    const viaHttp2 = await getOn(session, '/api/v1/server-time')
    session.close()
    expect([viaHttp2.protocol, viaHttp2.status]).toEqual(['h2', 200])
    expect(JSON.parse(viaHttp2.body)).toMatchObject({ status: true })

    const viaHttp1 = await getOverHttp1(`${origin}/api/v1/server-time`, ca)
    expect([viaHttp1.version, viaHttp1.status]).toEqual(['1.1', 200])
    expect(JSON.parse(viaHttp1.body)).toMatchObject({ status: true })
  })

  it('carries the stream over wss://', async () => {
    const socket = new WebSocket(`${origin.replace('https', 'wss')}${STREAM_PATH}`, { ca })
    await once(socket, 'open')
    const answer = once(socket, 'message')
    socket.send(JSON.stringify({ type: 'subscribe', id: 's1', market_ids: [] }))
    const [data] = await answer
    expect(JSON.parse(String(data))).toEqual({ type: 'ack', id: 's1' })
    socket.close()
  })

  // This test and the next wait out real timeouts (10 s, 30 s) on their own connections: side by
  // side, the file takes the longer of the two.
  it.concurrent('closes a client that never finishes its TLS handshake or its headers', async () => {
    const port = Number(new URL(origin).port)
    const started = Date.now()
    // Connected, and silent: no TLS handshake ever starts.
    const silent = connect({ host: '127.0.0.1', port })
    silent.resume()
    const slow = tls.connect({ host: '127.0.0.1', port, ca })
    await once(slow, 'secureConnect')
    slow.write('GET /api/v1/server-time HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    slow.resume()
    await Promise.all([once(silent, 'close'), once(slow, 'close')])
    // The handshake and the headers each get 10 s (the headers' limit is checked every second).
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it.concurrent('cancels an HTTP/2 request whose body still trickles in after 30 s', {
    timeout: 60_000,
  }, async () => {
    const session = await http2Session(origin, ca)
    const request = session.request({
      ':method': 'POST',
      ':path': '/api/v1/match/homeMatchesOpen',
      'content-type': 'application/json',
    })
    request.on('error', () => undefined)
    request.write('{')
    // A byte every 4 s keeps the session busy, so its 10 s idle limit never ends it.
    const trickle = setInterval(() => request.write(' '), 4_000)
    try {
      const started = Date.now()
      const gaveUp = new Promise((resolve) => setTimeout(resolve, 45_000))
      await Promise.race([once(request, 'close'), gaveUp])
      const elapsed = Date.now() - started
      expect(request.rstCode).toBe(http2.constants.NGHTTP2_CANCEL)
      expect(elapsed).toBeGreaterThanOrEqual(29_000)
      expect(elapsed).toBeLessThan(40_000)
      // Only that request ends: the session answers the next one.
      expect((await getOn(session, '/api/v1/server-time')).status).toBe(200)
    } finally {
      clearInterval(trickle)
      session.destroy()
    }
  })

  it('shuts down while a browser keeps an idle HTTP/2 session open', async () => {
    const other = await startTlsApp('backlay-tls-close')
    const session = await http2Session(other.origin, other.ca)
    expect((await getOn(session, '/api/v1/server-time')).status).toBe(200)
    const closed = once(session, 'close')
    const started = Date.now()
    await other.t.close()
    await closed
    // Well before the session's idle timeout (10 s) would have ended it.
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('shuts down while an HTTP/1.1 client keeps an idle connection open', async () => {
    const other = await startTlsApp('backlay-tls-close-http1')
    const agent = new https.Agent({ keepAlive: true, ca: other.ca })
    const socket = await new Promise<Socket>((resolve, reject) => {
      https
        .get(`${other.origin}/api/v1/server-time`, { agent }, (res) => {
          const { socket } = res
          res.resume()
          res.on('end', () => resolve(socket))
        })
        .on('error', reject)
    })
    await new Promise((resolve) => setImmediate(resolve))
    // The connection waits in the client's pool for the next request.
    expect(agent.freeSockets[Object.keys(agent.freeSockets)[0] ?? '']).toContain(socket)
    const closed = once(socket, 'close')
    const started = Date.now()
    await other.t.close()
    await closed
    // Well before the connection's idle limit (10 s) would have ended it.
    expect(Date.now() - started).toBeLessThan(5_000)
    agent.destroy()
  })
})
