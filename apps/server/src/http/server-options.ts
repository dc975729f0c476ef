import { readFileSync } from 'node:fs'
import type { Server } from 'node:http'
import { constants, type Http2SecureServer, type ServerHttp2Stream } from 'node:http2'
import type { FastifyHttp2SecureOptions, FastifyHttpOptions } from 'fastify'
import type { Config } from '../config'

/**
 * A client that trickles its headers or body cannot hold a socket: headers within 10 s (checked
 * every second), the whole request within 30 s, an idle keep-alive connection (or HTTP/2
 * session) closed after 10 s, a TLS handshake within 10 s.
 */
const HEADERS_TIMEOUT_MS = 10_000
const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000
const REQUEST_TIMEOUT_MS = 30_000
const IDLE_TIMEOUT_MS = 10_000
const HANDSHAKE_TIMEOUT_MS = 10_000

type TlsSettings = Pick<Config, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>

/** Both files set: the server speaks https. */
const hasTls = (config: TlsSettings): config is Record<keyof TlsSettings, string> =>
  Boolean(config.TLS_CERT_FILE && config.TLS_KEY_FILE)

/**
 * The server Fastify creates: plain HTTP/1.1, or with TLS_CERT_FILE and TLS_KEY_FILE an HTTPS
 * server speaking HTTP/2 to browsers that offer it (every file and call of a page over one
 * connection) and HTTP/1.1 to other clients and to WebSocket upgrades.
 *
 * Typed as the plain server's options: the app's code uses only what HTTP/1.1 requests and
 * HTTP/2's compatibility requests have in common (headers, setHeader, streams, Fastify's own API).
 */
export function serverOptions(config: TlsSettings): FastifyHttpOptions<Server> {
  if (!hasTls(config)) return {}
  const tls: FastifyHttp2SecureOptions<Http2SecureServer> = {
    http2: true,
    https: {
      allowHTTP1: true,
      cert: readFileSync(config.TLS_CERT_FILE),
      key: readFileSync(config.TLS_KEY_FILE),
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    },
    http2SessionTimeout: IDLE_TIMEOUT_MS,
    // Node 20 leaves HTTP/2 sessions open on close; Fastify closes them (and HTTP/1.1
    // keep-alive sockets) only when told to, or a shutdown would wait on a browser's idle session.
    forceCloseConnections: true,
  }
  return tls as unknown as FastifyHttpOptions<Server>
}

/**
 * The whole-request limit for one HTTP/2 request, which Node leaves without one: a request whose
 * body has not all arrived within REQUEST_TIMEOUT_MS is cancelled. The session's idle limit does
 * not catch a client that keeps trickling.
 */
function limitRequestStream(stream: ServerHttp2Stream): void {
  if (stream.endAfterHeaders) return
  const timer = setTimeout(() => stream.close(constants.NGHTTP2_CANCEL), REQUEST_TIMEOUT_MS)
  const received = () => clearTimeout(timer)
  stream.once('end', received)
  stream.once('close', received)
}

/**
 * Sets the HTTP/1.1 timeouts on either kind of server, before it listens: both read them from
 * these properties (an HTTPS server with HTTP/2 serves its HTTP/1.1 clients with Node's HTTP/1.1
 * code). The checking interval is one too, though Node's types name it only as an option. Under
 * TLS, each HTTP/2 request gets the whole-request limit as well.
 */
export function limitSlowClients(
  server: Server & { connectionsCheckingInterval?: number },
  config: TlsSettings,
): void {
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = REQUEST_TIMEOUT_MS
  server.keepAliveTimeout = IDLE_TIMEOUT_MS
  server.connectionsCheckingInterval = CONNECTIONS_CHECKING_INTERVAL_MS
  if (hasTls(config)) {
    ;(server as unknown as Http2SecureServer).on('stream', limitRequestStream)
  }
}
