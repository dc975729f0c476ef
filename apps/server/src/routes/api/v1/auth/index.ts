import { googleLoginRequest, messageResponse, whatsappLoginRequest } from '@backlay/contract/auth'
import { verifyForgotPasswordRequest } from '@backlay/contract/password-reset'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { otpDeps, postOtpResend, postResetOtp } from '../../../../http/otp-routes'
import { sendSessionHeaders } from '../../../../http/session-header'
import { authRateLimit } from '../../../../plugins/rate-limits'
import { resetPasswordWithOtp } from '../../../../use-cases/password-reset'

/**
 * Forgot password by SMS (shell §3, §7): send, resend (ours: resendForgotPasswordOtp), and
 * reset with OTP + new password, which ends every session and hands a new token in the
 * authorization response header. Social sign-in needs a provider this install does not have.
 */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = otpDeps(app)

  postResetOtp(app, '/forgotPassword', 'sms')
  postOtpResend(app, '/resendForgotPasswordOtp', 'reset')

  app.post(
    '/verifyforgotPassword',
    {
      config: { rateLimit: authRateLimit },
      schema: { body: verifyForgotPasswordRequest, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      const reset = await resetPasswordWithOtp(deps, request.body)
      if (!reset.ok) return sendFailure(reply, reset)
      sendSessionHeaders(reply, app.clock, reset.value.session)
      return { status: true as const, msg: 'Password reset successful.' }
    },
  )

  const noProvider = (name: string) => ({
    code: 'SIGNUP.FORBIDDEN',
    msg: `${name} sign-in is not available on this site.`,
  })
  app.post(
    '/glogin',
    { config: { rateLimit: authRateLimit }, schema: { body: googleLoginRequest } },
    async (_request, reply) => sendFailure(reply, noProvider('Google')),
  )
  app.post(
    '/walogin',
    { config: { rateLimit: authRateLimit }, schema: { body: whatsappLoginRequest } },
    async (_request, reply) => sendFailure(reply, noProvider('WhatsApp')),
  )
}
export default authRoutes
