import {
  type RegisterForm,
  registerRequestFromForm,
  registerResponse,
} from '@backlay/contract/auth'
import { api } from '../../../lib/api-client'
import { loginWith } from './login'

/**
 * POST user/register; on success (status true) the message is shown by the caller and the
 * player is logged in with the same credentials (shell §4). A mobile sign-up logs in by number.
 */
export async function register(form: RegisterForm) {
  const response = await api.post('user/register', registerRequestFromForm(form), registerResponse)
  await loginWith({ user_name: form.user_name, password: form.password, grant_type: 'password' })
  return response
}
