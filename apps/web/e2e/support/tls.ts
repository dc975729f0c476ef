import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { generate } from 'selfsigned'

/**
 * The settings of a server with a certificate of its own for both names the tests use
 * (localhost, the brand's host, and 127.0.0.1), written under `dir`.
 */
export async function tlsSettings(dir: string): Promise<Record<string, string>> {
  const certificate = await generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  const settings = { TLS_CERT_FILE: join(dir, 'site.crt'), TLS_KEY_FILE: join(dir, 'site.key') }
  await writeFile(settings.TLS_CERT_FILE, certificate.cert)
  await writeFile(settings.TLS_KEY_FILE, certificate.private)
  return settings
}
