import { appKeyResponse } from '@backlay/contract/app-keys'
import {
  identityResponse,
  jsonRpcError,
  jsonRpcResult,
  restFault,
} from '@backlay/contract/betfair-api'
import type { z } from 'zod'
import type { App } from '../app'
import { hashPassword } from '../auth/password'
import { call, newPlayer } from '../markets/test-support'

/*
 * A client of Backlay's trading API that speaks the wire as Betfair documents it (tests only):
 * form login to the identity service, then JSON-RPC or REST calls with X-Application and
 * X-Authentication. Every answer is parsed with the contract's strict schemas, so an unknown or
 * missing field fails the test.
 */
export class BetfairApiClient {
  token = ''

  constructor(
    private readonly app: App,
    public appKey: string,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return {
      'x-application': this.appKey,
      ...(this.token ? { 'x-authentication': this.token } : {}),
      accept: 'application/json',
      ...extra,
    }
  }

  /** POST identity/api/<path> as Betfair's non-interactive login takes it. */
  async identity(path: 'login' | 'keepAlive' | 'logout', form?: Record<string, string>) {
    const res = await this.app.inject({
      method: 'POST',
      url: `/betfair/identity/api/${path}`,
      headers: this.headers(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    })
    const answer = identityResponse.parse(res.json())
    if (answer.status === 'SUCCESS' && path !== 'logout') this.token = answer.token
    return { status: res.statusCode, answer }
  }

  /** A raw JSON-RPC request body (one call or a batch) and its parsed JSON answer. */
  async rpcRaw(body: string, api: 'betting' | 'account' = 'betting') {
    const res = await this.app.inject({
      method: 'POST',
      url: `/betfair/exchange/${api}/json-rpc/v1`,
      headers: this.headers({ 'content-type': 'application/json' }),
      payload: body,
    })
    return { status: res.statusCode, body: res.json() as unknown }
  }

  /** One JSON-RPC call whose result parses with `result`; throws with Betfair's error otherwise. */
  async rpc<T extends z.ZodType>(
    operation: string,
    params: unknown,
    result: T,
  ): Promise<z.output<T>> {
    const api = operation.startsWith('AccountAPING') ? 'account' : 'betting'
    const { body } = await this.rpcRaw(
      JSON.stringify({ jsonrpc: '2.0', method: operation, params, id: 1 }),
      api,
    )
    const error = jsonRpcError.safeParse(body)
    if (error.success)
      throw new Error(
        `${operation}: ${error.data.error.data?.APINGException.errorCode ?? error.data.error.message}`,
      )
    return (jsonRpcResult(result).parse(body) as { result: z.output<T> }).result
  }

  /** One JSON-RPC call expected to fail: its APINGException error code (or JSON-RPC code). */
  async rpcError(operation: string, params: unknown): Promise<string | number> {
    const api = operation.startsWith('AccountAPING') ? 'account' : 'betting'
    const { status, body } = await this.rpcRaw(
      JSON.stringify({ jsonrpc: '2.0', method: operation, params, id: 7 }),
      api,
    )
    if (status !== 200) throw new Error(`JSON-RPC answered HTTP ${status}`)
    const { error, id } = jsonRpcError.parse(body)
    if (id !== 7) throw new Error('the error does not carry the call id')
    return error.data?.APINGException.errorCode ?? error.code
  }

  /** A REST call: its HTTP status and the answer, parsed with `result` or as a fault. */
  async rest<T extends z.ZodType>(path: string, params: unknown, result: T) {
    const res = await this.app.inject({
      method: 'POST',
      url: `/betfair/exchange/${path}/`,
      headers: this.headers({ 'content-type': 'application/json' }),
      payload: JSON.stringify(params),
    })
    return res.statusCode === 200
      ? { status: 200, result: result.parse(res.json()) as z.output<T> }
      : { status: res.statusCode, fault: restFault.parse(res.json()) }
  }
}

/** A funded player with a password, an application key and a client logged in with both. */
export async function signedInClient(app: App, rupees: number) {
  const made = await newPlayer(app, { rupees })
  const password = 'Trader-pass-1'
  const user = await app.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password) })
    .where('id', '=', made.id)
    .returning('user_name')
    .executeTakeFirstOrThrow()
  const created = await call(app, made.token, 'POST', 'account/appKeys')
  const client = new BetfairApiClient(app, appKeyResponse.parse(created.body).data.appKey)
  const login = await client.identity('login', { username: user.user_name, password })
  if (login.answer.status !== 'SUCCESS') throw new Error(`login: ${login.answer.error}`)
  return { player: { ...made, userName: user.user_name, password }, client }
}
