import type { z } from 'zod'
import { session } from './session'

export class ApiError extends Error {
  override readonly name = 'ApiError'
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(message)
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH'

interface Payload {
  status?: boolean
  msg?: string
  code?: string
}

/**
 * One call to /api/v1/admin with the session's token. A 401 ends the console session; an
 * unreachable server and a failed answer both throw an ApiError with a readable message.
 */
async function call(method: Method, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = session.get()?.token
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  let res: Response
  try {
    res = await fetch(`/api/v1/admin/${path.replace(/^\//, '')}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError('Server not responding', 0, undefined)
  }
  if (res.status === 401) session.set(null)
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as Payload
    throw new ApiError(payload.msg ?? res.statusText, res.status, payload.code)
  }
  return res
}

/** The console's JSON calls: answers are checked against the contract. */
async function request<S extends z.ZodType>(
  method: Method,
  path: string,
  schema: S,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await call(method, path, body)
  const payload = (await res.json().catch(() => ({}))) as Payload
  if (payload.status === false)
    throw new ApiError(payload.msg ?? res.statusText, res.status, payload.code)
  return schema.parse(payload)
}

export const admin = {
  get: <S extends z.ZodType>(path: string, schema: S) => request('GET', path, schema),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    request('POST', path, schema, body),
  put: <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    request('PUT', path, schema, body),
  patch: <S extends z.ZodType>(path: string, body: unknown, schema: S) =>
    request('PATCH', path, schema, body),
}

/**
 * Saves a file the admin API answers (a report's CSV): fetched with the session's token, then
 * handed to the browser as a download under the name the server gives it.
 */
export async function downloadFile(path: string): Promise<void> {
  const res = await call('GET', path)
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1]
  const url = URL.createObjectURL(await res.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = name ?? 'report.csv'
  link.click()
  URL.revokeObjectURL(url)
}

/** `?a=1&b=x` from the defined values only. */
export const query = (params: Record<string, string | number | undefined>) => {
  const entries = Object.entries(params).filter(
    (e): e is [string, string | number] => e[1] !== undefined && e[1] !== '',
  )
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}` : ''
}
