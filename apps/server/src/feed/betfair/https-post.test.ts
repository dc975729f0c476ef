import { once } from 'node:events'
import type { RequestListener } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { loopbackCertificate } from '../../test/test-certificates'
import { httpsPost } from './https-post'

/** An HTTPS server on the loopback that answers with `answer`, and its certificate. */
async function serving(answer: RequestListener) {
  const pems = await loopbackCertificate('https-post-test')
  const server = createServer({ key: pems.private, cert: pems.cert }, answer)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    ca: pems.cert,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

describe('httpsPost', () => {
  let close: (() => void) | undefined
  afterEach(() => close?.())

  it('answers the status and the JSON, or null for a body that is not JSON', async () => {
    const server = await serving((req, res) => {
      req.resume()
      req.on('end', () => {
        res.statusCode = req.url === '/api' ? 200 : 503
        res.end(req.url === '/api' ? '{"ok":true}' : 'Service Unavailable')
      })
    })
    close = server.close
    expect(await httpsPost(server.url, '{}', { headers: {}, ca: server.ca })).toEqual({
      status: 200,
      json: { ok: true },
    })
    expect(await httpsPost(`${server.url}/down`, '{}', { headers: {}, ca: server.ca })).toEqual({
      status: 503,
      json: null,
    })
  })

  it('fails when the connection is cut halfway through the answer, instead of waiting forever', async () => {
    const server = await serving((req, res) => {
      req.resume()
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"sessionToken":')
        setTimeout(() => req.socket.destroy(), 20)
      })
    })
    close = server.close
    await expect(httpsPost(server.url, '{}', { headers: {}, ca: server.ca })).rejects.toThrow(
      `${server.url}: the answer broke off`,
    )
  })
})
