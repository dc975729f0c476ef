import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { postSignupOtp } from '../../../../http/otp-routes'

/** POST createUserOtp/: the SMS channel of phone sign-up; verify with whatsapp/verify. */
const createUserOtpRoutes: FastifyPluginAsyncZod = async (app) => {
  postSignupOtp(app, '/', 'sms')
}
export default createUserOtpRoutes
