import { verifyReferralCodeRequest, verifyReferralCodeResponse } from '@backlay/contract/auth'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { requestBrand } from '../../../../http/request-brand'
import { authRateLimit } from '../../../../plugins/rate-limits'
import { findReferral, INVALID_REFERRAL_MSG } from '../../../../use-cases/register'

/** POST verifyRefferalCode `{ refer_code }` (spelling as the spec): a player's or a promotion's code. */
const verifyReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      // Rate limited with the credential calls: it answers whether a code exists.
      config: { rateLimit: authRateLimit },
      schema: { body: verifyReferralCodeRequest, response: { 200: verifyReferralCodeResponse } },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const referral = await findReferral(
        app.db,
        app.clock,
        brand.value.id,
        request.body.refer_code,
      )
      if (!referral)
        return sendFailure(reply, { code: 'REFERRAL.NOT_FOUND', msg: INVALID_REFERRAL_MSG })
      return {
        status: true as const,
        msg: 'Referral code applied.',
        data: { refer_code: referral.code },
      }
    },
  )
}
export default verifyReferralRoutes
