import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { generate } from 'selfsigned'
import type { Config } from '../../config'

/** Key and certificate in one file, so processes sharing DATA_DIR never pair one's with another's. */
const FILE = 'stream-tls.json'
const TEN_YEARS_MS = 3650 * 86_400_000
/** The self-signed certificate alone, for clients to trust (README "Trading API"). */
export const STREAM_CERT_FILE = 'stream-tls-cert.pem'

/**
 * The stream's TLS key and certificate: TLS_CERT_FILE/TLS_KEY_FILE when set, else a
 * self-signed pair generated on first start and kept under DATA_DIR (its certificate also as
 * STREAM_CERT_FILE there), so a client that trusts it keeps trusting it across restarts.
 */
export async function streamCertificate(
  config: Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE' | 'DATA_DIR'>,
): Promise<{ key: string; cert: string }> {
  if (config.TLS_CERT_FILE && config.TLS_KEY_FILE)
    return {
      key: readFileSync(config.TLS_KEY_FILE, 'utf8'),
      cert: readFileSync(config.TLS_CERT_FILE, 'utf8'),
    }
  const pems = await keptPair(config.DATA_DIR)
  writeFileSync(join(config.DATA_DIR, STREAM_CERT_FILE), pems.cert)
  return pems
}

async function keptPair(dataDir: string): Promise<{ key: string; cert: string }> {
  const path = join(dataDir, FILE)
  const kept = () => JSON.parse(readFileSync(path, 'utf8')) as { key: string; cert: string }
  try {
    return kept()
  } catch {
    const pems = await generate([{ name: 'commonName', value: hostname() }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + TEN_YEARS_MS),
      extensions: [
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 2, value: hostname() },
            { type: 7, ip: '127.0.0.1' },
          ],
        },
      ],
    })
    mkdirSync(dataDir, { recursive: true })
    const made = { key: pems.private, cert: pems.cert }
    // 'wx' fails if another process made one first; then both use theirs.
    try {
      writeFileSync(path, JSON.stringify(made), { mode: 0o600, flag: 'wx' })
      return made
    } catch {
      return kept()
    }
  }
}
