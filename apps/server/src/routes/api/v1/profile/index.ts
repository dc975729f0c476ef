import { verifyEmailResponse } from '@backlay/contract/profile'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { accountProfilesRepository } from '../../../../db/repositories/account-profiles'

const verifyParams = z.strictObject({
  memberCode: z.string().trim().min(1).max(64),
  token: z.string().trim().min(1).max(128),
})

/** GET profile/verify/email/{memberCode}/{verifytoken}: the e-mail link; the page shows statusDesc. */
const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verify/email/:memberCode/:token',
    { schema: { params: verifyParams, response: { 200: verifyEmailResponse } } },
    async (request) => {
      const profiles = accountProfilesRepository(app.db)
      const profile = await profiles.get(request.params.memberCode)
      if (!profile.verify_token || profile.verify_token !== request.params.token) {
        return {
          status: {
            statusCode: 'FAILED' as const,
            statusDesc: 'This verification link is invalid or has already been used.',
          },
        }
      }
      await profiles.save(profile.user_id, { email_verified: true, verify_token: null })
      return {
        status: { statusCode: 'SUCCESS' as const, statusDesc: 'Your e-mail address is verified.' },
      }
    },
  )
}
export default profileRoutes
