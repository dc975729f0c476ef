import { once } from 'node:events'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import type { TLSSocket } from 'node:tls'
import { clientCertificate, loopbackCertificate } from '../../test/test-certificates'
import type { CertLoginSettings } from './session-token'

interface LoginCall {
  appKey: string | undefined
  body: string
  /** Whether the caller presented the account's client certificate. */
  withCertificate: boolean
}

/**
 * Betfair's certificate login as a test server: TLS that asks for the client certificate, and
 * a new session token for each good login ('token-1', 'token-2', …).
 */
export async function fakeIdentityServer(account: { username: string; password: string }) {
  const [server, client] = await Promise.all([
    loopbackCertificate('fake-identity'),
    clientCertificate(),
  ])
  const calls: LoginCall[] = []
  let issued = 0
  const https: Server = createServer(
    {
      key: server.private,
      cert: server.cert,
      ca: client.cert,
      requestCert: true,
      rejectUnauthorized: false,
    },
    (req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        const withCertificate = (req.socket as TLSSocket).authorized
        calls.push({
          appKey: req.headers['x-application'] as string | undefined,
          body,
          withCertificate,
        })
        const form = new URLSearchParams(body)
        res.setHeader('content-type', 'application/json')
        if (!withCertificate) return res.end(JSON.stringify({ loginStatus: 'CERT_AUTH_REQUIRED' }))
        if (form.get('username') !== account.username || form.get('password') !== account.password)
          return res.end(JSON.stringify({ loginStatus: 'INVALID_USERNAME_OR_PASSWORD' }))
        issued += 1
        res.end(JSON.stringify({ sessionToken: `token-${issued}`, loginStatus: 'SUCCESS' }))
      })
    },
  )
  https.listen(0, '127.0.0.1')
  await once(https, 'listening')
  const settings: CertLoginSettings = {
    url: `https://127.0.0.1:${(https.address() as AddressInfo).port}/api/certlogin`,
    appKey: 'app-key',
    username: account.username,
    password: account.password,
    cert: client.cert,
    key: client.private,
    ca: server.cert,
  }
  return { settings, calls, close: () => new Promise((r) => https.close(r)) }
}
