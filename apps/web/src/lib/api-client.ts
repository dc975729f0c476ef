import { TOKEN_EXPIRES_IN_HEADER, TOKEN_HEADER } from '@backlay/contract/token-headers'
import type { z } from 'zod'

/** Shell §8: what a person sees when the request never got an answer. */
export const SERVER_NOT_RESPONDING = 'Server not responding'
const FALLBACK_ERROR = 'Something went wrong'

/**
 * The spec's POST calls that only read (match and market lists, details, bet lists, statements,
 * settings): safe to send again when no answer came.
 */
const READ_CALLS =
  /^\/?(match\/|market\/|event\/|menu|getSetting|getUserSetting|server-time|bet\/(openBets|settledBets|unmatchedBets|getTeamPosition|getFancyLiability|orderHistory)|user\/(getUserBalance|getBalanceCRef)|account\/.*\/statement)/

/** Shell §5 request guard: the session claims to be logged in but holds no token. */
export const RESPONSE_HAS_NO_TOKEN = 'Response has no token'

/** Why the session must end (shell §4 forced logout); the session feature decides what to clear. */
export type ForcedLogoutReason = 'unauthorized' | 'logout-flag' | 'no-response' | 'no-token'

/** A request that did not succeed: `status` 0 means no answer came back. */
export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    /** The failure answer as sent, for the calls whose failures carry data (a login step-up). */
    readonly payload?: unknown,
  ) {
    super(message)
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null
const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined

/** The error field may be a sentence, an object with a message, or the list of `{ description }` rows. */
const describeError = (error: unknown): string | undefined => {
  if (Array.isArray(error)) return describeError(error[0])
  if (isRecord(error)) return text(error.description) ?? text(error.message) ?? text(error.msg)
  return text(error)
}

/**
 * Shell §8 precedence: the response's error, then its message (`msg`, or `message`),
 * then its data, then the HTTP status text.
 * errorText({ msg: 'Insufficient balance' }, 'Bad Request') → 'Insufficient balance'
 */
export function errorText(body: unknown, statusText: string): string {
  if (isRecord(body)) {
    const found =
      describeError(body.error) ?? text(body.msg) ?? text(body.message) ?? text(body.data)
    if (found) return found
  } else if (text(body)) {
    return text(body) as string
  }
  return text(statusText) ?? FALLBACK_ERROR
}

/** A schema an answer is checked against, or a loader of one (`response-schemas.ts`). */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>)

/** What an answer checked against `S` is. */
type Checked<S extends SchemaSource> = S extends () => Promise<infer Z extends z.ZodType>
  ? z.output<Z>
  : S extends z.ZodType
    ? z.output<S>
    : never

export interface ApiClientOptions {
  /** Root of the API; the site's own origin by default. */
  baseUrl?: string
  /** The stored session token, read on every request so a renewed token is picked up at once. */
  getToken?: () => string | null
  /** Told when a response means the session is over (401/403, a logout flag, or no answer). */
  onForcedLogout?: (reason: ForcedLogoutReason) => void
  /** True while the session says it is logged in; with no token the request is refused. */
  isLoggedIn?: () => boolean
  /**
   * Told when an answer hands back a token other than the one sent (the server renews a token
   * close to its end); `expiresAt` is in seconds since the epoch, as the session stores it.
   */
  onRenewedToken?: (token: string, expiresAt: number) => void
  fetch?: typeof globalThis.fetch
  /**
   * Waits (ms) before each new try when a request got no answer: a read is sent again; a write
   * is not (it may have arrived), and the server's clock is asked instead. Only when every try finds no server does the session end (shell §4 "a missing
   * server response"): one dropped request on a phone changing networks is not a gone server.
   */
  retryDelaysMs?: readonly number[]
  /** True while the page is going away (a reload, a link out): its cut requests say nothing of the server. */
  isLeaving?: () => boolean
}

/** About 10 s of tries: 1 s, then 3 s, then 6 s. */
const RETRY_DELAYS_MS = [1_000, 3_000, 6_000]

/** The page is being left: set on pagehide, cleared when it is shown again (back-forward cache). */
let leaving = false
globalThis.addEventListener?.('pagehide', () => {
  leaving = true
})
globalThis.addEventListener?.('pageshow', () => {
  leaving = false
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export interface RequestOptions {
  /** Sends the body form-encoded instead of JSON (user/userLogin). */
  form?: boolean
  /** Replaces the default headers of the same name (e.g. the login's Basic credential). */
  headers?: Record<string, string>
  method?: 'GET' | 'POST' | 'PUT'
}

/** An answer together with its response headers (calls that hand a token back in a header). */
export interface WithHeaders<T> {
  body: T
  headers: Headers
}

/**
 * Each call gives the schema its answer must match. A loader is called as the request goes out,
 * so the schema arrives while the request is under way.
 */
export interface ApiClient {
  get<S extends SchemaSource>(path: string, schema: S): Promise<Checked<S>>
  post<S extends SchemaSource>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<Checked<S>>
  /** Any method, returning the response headers too. */
  send<S extends SchemaSource>(
    path: string,
    body: unknown,
    schema: S,
    options?: RequestOptions,
  ): Promise<WithHeaders<Checked<S>>>
}

/**
 * The token an answer hands back in the authorization header with its expiry, or undefined.
 * renewedToken(headers of 'Bearer abc' + 'x-token-expires-in: 60', 1000) → { token: 'abc', expiresAt: 1060 }
 */
export function renewedToken(
  headers: Headers,
  nowSeconds: number,
): { token: string; expiresAt: number } | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(headers.get(TOKEN_HEADER) ?? '')?.[1]
  const expiresIn = Number(headers.get(TOKEN_EXPIRES_IN_HEADER))
  if (!token || !Number.isInteger(expiresIn) || expiresIn <= 0) return undefined
  return { token, expiresAt: nowSeconds + expiresIn }
}

const readBody = async (res: Response): Promise<unknown> => {
  const raw = await res.text()
  if (raw === '') return undefined
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

/** fetch to `/api/v1/…` with JSON Accept and the bearer token, answers checked against the contract. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const {
    baseUrl = '/api/v1',
    getToken = () => null,
    onForcedLogout = () => {},
    isLoggedIn = () => false,
    onRenewedToken = () => {},
    fetch: doFetch = globalThis.fetch.bind(globalThis),
    retryDelaysMs = RETRY_DELAYS_MS,
    isLeaving = () => leaving,
  } = options

  /** Whether the server answers at all (its clock, which every brand serves to guests). */
  const serverAnswers = async () => {
    try {
      await doFetch(`${baseUrl}/server-time`, { headers: { Accept: 'application/json' } })
      return true
    } catch {
      return false
    }
  }

  /**
   * fetch, tried again while no answer comes (see retryDelaysMs). Throws ApiError with
   * SERVER_NOT_RESPONDING when it gives up; the session ends only when the server itself stayed
   * silent throughout and the page is not being left.
   */
  async function fetchAnswer(url: string, init: RequestInit, resend: boolean): Promise<Response> {
    const notResponding = () => new ApiError(SERVER_NOT_RESPONDING, 0, undefined)
    const cut = (error: unknown) => (error as Error)?.name === 'AbortError' || isLeaving()
    try {
      return await doFetch(url, init)
    } catch (error) {
      if (cut(error)) throw notResponding()
    }
    for (const delay of retryDelaysMs) {
      await sleep(delay)
      if (isLeaving()) throw notResponding()
      if (resend) {
        try {
          return await doFetch(url, init)
        } catch (error) {
          if (cut(error)) throw notResponding()
        }
      } else if (await serverAnswers()) throw notResponding()
    }
    onForcedLogout('no-response')
    throw notResponding()
  }

  async function request<S extends SchemaSource>(
    path: string,
    body: unknown,
    schema: S,
    options: RequestOptions,
  ): Promise<WithHeaders<Checked<S>>> {
    const source: SchemaSource = schema
    const checking = typeof source === 'function' ? source() : Promise.resolve(source)
    // Awaited once the answer is in; a request that fails first must not leave it unhandled.
    checking.catch(() => undefined)
    const method = options.method ?? (body === undefined ? 'GET' : 'POST')
    const headers: Record<string, string> = { Accept: 'application/json' }
    const token = getToken()
    if (token) headers.Authorization = `Bearer ${token}`
    else if (isLoggedIn()) {
      onForcedLogout('no-token')
      throw new ApiError(RESPONSE_HAS_NO_TOKEN, 0, undefined)
    }
    let encoded: string | undefined
    if (body !== undefined && options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      encoded = new URLSearchParams(body as Record<string, string>).toString()
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/json'
      encoded = JSON.stringify(body)
    }
    Object.assign(headers, options.headers)

    const resend = method === 'GET' || READ_CALLS.test(path)
    const res = await fetchAnswer(
      `${baseUrl}/${path.replace(/^\//, '')}`,
      { method, headers, body: encoded },
      resend,
    )

    const renewed = renewedToken(res.headers, Math.floor(Date.now() / 1000))
    if (renewed && renewed.token !== token) onRenewedToken(renewed.token, renewed.expiresAt)

    const payload = await readBody(res)
    const failed = !res.ok || (isRecord(payload) && payload.status === false)
    if (res.status === 401 || res.status === 403) onForcedLogout('unauthorized')
    else if (isRecord(payload) && payload.logout === true) onForcedLogout('logout-flag')

    if (failed) {
      const code = isRecord(payload) ? text(payload.code) : undefined
      throw new ApiError(errorText(payload, res.statusText), res.status, code, payload)
    }
    // A success that does not match the contract is a bug on one side, so it throws as such.
    return { body: (await checking).parse(payload) as Checked<S>, headers: res.headers }
  }

  return {
    get: async (path, schema) => (await request(path, undefined, schema, {})).body,
    post: async (path, body, schema, options = {}) =>
      (await request(path, body ?? {}, schema, { method: 'POST', ...options })).body,
    send: (path, body, schema, options = {}) => request(path, body, schema, options),
  }
}

type SessionBinding = Required<
  Pick<ApiClientOptions, 'getToken' | 'onForcedLogout' | 'isLoggedIn' | 'onRenewedToken'>
>

let session: SessionBinding = {
  getToken: () => null,
  onForcedLogout: () => {},
  isLoggedIn: () => false,
  onRenewedToken: () => {},
}

/** The session feature plugs its stored token and its forced-logout handler into the shared client. */
export const bindApiSession = (binding: SessionBinding): void => {
  session = binding
}

/** The one client the app's features use. */
export const api = createApiClient({
  getToken: () => session.getToken(),
  onForcedLogout: (reason) => session.onForcedLogout(reason),
  isLoggedIn: () => session.isLoggedIn(),
  onRenewedToken: (token, expiresAt) => session.onRenewedToken(token, expiresAt),
})
