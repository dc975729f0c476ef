import { loginResponse, messageResponse, otpVerifyRequest } from '@backlay/contract/auth'
import { setPasswordRequest } from '@backlay/contract/password-reset'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { otpDeps, postOtpResend, postResetOtp, postSignupOtp } from '../../../../http/otp-routes'
import { requestBrand } from '../../../../http/request-brand'
import { sendSessionHeaders } from '../../../../http/session-header'
import { authRateLimit } from '../../../../plugins/rate-limits'
import { verifySignupOtp } from '../../../../use-cases/otp-signup'
import { setPasswordAfterVerify, verifyResetOtp } from '../../../../use-cases/password-reset'

/**
 * WhatsApp OTP calls of shell §7, on the same OTP engine as SMS: phone sign-up / login
 * (send-code, re-send, verify) and the step-wise password reset (resetPassword,
 * resendResetPasswordOtp, verifyResetPasswordOtp, setPassword).
 */
const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = otpDeps(app)
  const limited = { rateLimit: authRateLimit }

  postSignupOtp(app, '/send-code', 'whatsapp')
  postOtpResend(app, '/re-send', 'signup')

  app.post(
    '/verify',
    { config: limited, schema: { body: otpVerifyRequest, response: { 200: loginResponse } } },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const loggedIn = await verifySignupOtp(deps, brand.value, request.host, request.body)
      return loggedIn.ok ? loggedIn.value : sendFailure(reply, loggedIn)
    },
  )

  postResetOtp(app, '/resetPassword', 'whatsapp')
  postOtpResend(app, '/resendResetPasswordOtp', 'reset')

  app.post(
    '/verifyResetPasswordOtp',
    { config: limited, schema: { body: otpVerifyRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      const verified = await verifyResetOtp(deps, request.body)
      if (!verified.ok) return sendFailure(reply, verified)
      return { status: true as const, msg: 'OTP verified. Please set your new password.' }
    },
  )

  app.post(
    '/setPassword',
    { config: limited, schema: { body: setPasswordRequest, response: { 200: messageResponse } } },
    async (request, reply) => {
      const reset = await setPasswordAfterVerify(deps, request.body)
      if (!reset.ok) return sendFailure(reply, reset)
      sendSessionHeaders(reply, app.clock, reset.value.session)
      return { status: true as const, msg: 'Password reset successful.' }
    },
  )
}
export default whatsappRoutes
