import { otpSentResponse, phoneSignupRequest } from '@backlay/contract/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { authRateLimit } from '../../../../plugins/security'
import { sendSignupOtp } from '../../../../use-cases/otp-signup'

/** POST createUserOtp/: the SMS channel of phone sign-up; verify with whatsapp/verify. */
const createUserOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, clock: app.clock, sender: app.otpSender, tokens: app.tokens }
  app.post(
    '/',
    {
      config: { rateLimit: authRateLimit },
      schema: { body: phoneSignupRequest, response: { 200: otpSentResponse } },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const sent = await sendSignupOtp(deps, brand.value.id, 'sms', request.body)
      return sent.ok ? sent.value : sendFailure(reply, sent)
    },
  )
}
export default createUserOtpRoutes
