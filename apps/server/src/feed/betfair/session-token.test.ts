import { afterEach, describe, expect, it } from 'vitest'
import { fakeIdentityServer } from './fake-identity-server'
import { certLogin, certLoginSession } from './session-token'

describe('Betfair certificate login', () => {
  let close: (() => Promise<unknown>) | undefined
  afterEach(async () => {
    await close?.()
  })

  it('posts the credentials with the app key and the client certificate, and answers the token', async () => {
    const identity = await fakeIdentityServer({ username: 'bot', password: 's3cret' })
    close = identity.close
    expect(await certLogin(identity.settings)).toBe('token-1')
    expect(identity.calls).toEqual([
      { appKey: 'app-key', body: 'username=bot&password=s3cret', withCertificate: true },
    ])
  })

  it("rejects with Betfair's login status when the login fails", async () => {
    const identity = await fakeIdentityServer({ username: 'bot', password: 's3cret' })
    close = identity.close
    await expect(certLogin({ ...identity.settings, password: 'wrong' })).rejects.toThrow(
      'betfair login refused: INVALID_USERNAME_OR_PASSWORD',
    )
    const { cert: _cert, key: _key, ...noCertificate } = identity.settings
    await expect(certLogin({ ...noCertificate, cert: '', key: '' })).rejects.toThrow(
      'betfair login refused: CERT_AUTH_REQUIRED',
    )
  })

  it('keeps one token until Betfair refuses it, then logs in again once', async () => {
    const identity = await fakeIdentityServer({ username: 'bot', password: 's3cret' })
    close = identity.close
    const session = certLoginSession(identity.settings)
    expect(await Promise.all([session.token(), session.token()])).toEqual(['token-1', 'token-1'])
    expect(await session.token()).toBe('token-1')
    session.refused()
    expect(await session.token()).toBe('token-2')
    expect(identity.calls).toHaveLength(2)
  })
})
