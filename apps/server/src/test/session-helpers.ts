import { LOGIN_BASIC_AUTHORIZATION, loginResponse } from '@backlay/contract/auth'
import type { App } from '../app'

/** Logs in through the real userLogin call; returns the bearer token and the user's id. */
export async function loginAs(app: App, userName: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/userLogin',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: LOGIN_BASIC_AUTHORIZATION,
    },
    payload: new URLSearchParams({
      user_name: userName,
      password,
      grant_type: 'password',
    }).toString(),
  })
  if (res.statusCode !== 200) throw new Error(`login ${userName} failed: ${res.body}`)
  const body = loginResponse.parse(res.json())
  return { token: body.token?.accessToken ?? '', userId: body.data._id, body }
}

/** A JSON call with an optional bearer token. */
export function callApi(
  app: App,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  })
}
