import { generate } from 'selfsigned'

/**
 * A self-signed certificate for a test server listening on 127.0.0.1 (its IP in the SAN). Each
 * server names itself: a client trusting several self-signed certificates finds each by subject.
 */
export const loopbackCertificate = (commonName: string) =>
  generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  })

/** A self-signed client certificate, as a Betfair account registers for its bot login. */
export const clientCertificate = () =>
  generate([{ name: 'commonName', value: 'backlay-bot' }], { keySize: 2048 })
