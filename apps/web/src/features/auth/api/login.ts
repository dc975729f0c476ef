import {
  demoLoginResponse,
  LOGIN_BASIC_AUTHORIZATION,
  type LoginForm,
  type LoginRequest,
  loginRequestFromForm,
  loginResponse,
  loginStepUpResponse,
  messageResponse,
} from '@backlay/contract/auth'
import { ApiError, api } from '../../../lib/api-client'
import { useSessionStore } from '../stores/session-store'

/**
 * POST user/userLogin, form-encoded with the fixed Basic credential (shell §7). With Telegram
 * verification on, the answer is handed back and no session starts (§4).
 */
export async function loginWith(request: LoginRequest) {
  const response = await api.post('user/userLogin', request, loginResponse, {
    form: true,
    headers: { Authorization: LOGIN_BASIC_AUTHORIZATION },
  })
  if (response.data.is_telegram_enable === 1) return response
  useSessionStore.getState().startSession(response)
  return response
}

/** The OTP challenge the server set on a login (many failed logins on the account), if any. */
export interface LoginStepUp {
  orderId: string
  mobile: string
}

export const login = (form: LoginForm, stepUp?: { orderId: string; otp: string }) =>
  loginWith({ ...loginRequestFromForm(form), ...stepUp })

/** The challenge of a login refused with AUTH.STEP_UP_REQUIRED; undefined for any other failure. */
export function stepUpOf(error: unknown): LoginStepUp | undefined {
  if (!(error instanceof ApiError) || error.code !== 'AUTH.STEP_UP_REQUIRED') return undefined
  const parsed = loginStepUpResponse.safeParse(error.payload)
  return parsed.success ? parsed.data.data : undefined
}

/** Shell §4 demo login: ask for demo credentials, then log in with them. */
export async function demoLogin() {
  const { data } = await api.post('user/autoDemoUserLogin', {}, demoLoginResponse)
  return loginWith({ user_name: data.user_name, password: data.password, grant_type: 'password' })
}

/** Shell §4 sign out: tell the server (the token stops working), then clear the session. */
export async function signOut() {
  try {
    await api.post('user/logout', {}, messageResponse)
  } finally {
    useSessionStore.getState().endSession()
  }
}
