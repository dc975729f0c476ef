import { request } from 'node:https'
import { text } from 'node:stream/consumers'

export interface HttpsPostOptions {
  headers: Record<string, string>
  /** Client certificate and key (Betfair's certificate login). */
  cert?: string
  key?: string
  /** Certificates to trust besides the system's (a test's own server). */
  ca?: string
  timeoutMs?: number
}

/**
 * One HTTPS POST to a Betfair endpoint: its status and the JSON it answered (null when the body
 * is not JSON). Node's own client, since the certificate login needs a client certificate.
 */
export function httpsPost(
  url: string,
  body: string,
  options: HttpsPostOptions,
): Promise<{ status: number; json: unknown }> {
  const timeoutMs = options.timeoutMs ?? 15_000
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        ...(options.cert ? { cert: options.cert } : {}),
        ...(options.key ? { key: options.key } : {}),
        ...(options.ca ? { ca: options.ca } : {}),
        headers: {
          accept: 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          ...options.headers,
        },
        timeout: timeoutMs,
      },
      // text() rejects when the connection is cut mid-answer, which a listener on 'end' alone
      // would wait for forever.
      (res) =>
        text(res).then(
          (body) => resolve({ status: res.statusCode ?? 0, json: parseJson(body) }),
          (err: Error) => reject(new Error(`${url}: the answer broke off (${err.message})`)),
        ),
    )
    req.on('timeout', () => req.destroy(new Error(`${url}: no answer within ${timeoutMs} ms`)))
    req.on('error', reject)
    req.end(body)
  })
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
