import {
  type OtpSentResponse,
  otpResendRequest,
  otpSentResponse,
  phoneSignupRequest,
} from '@backlay/contract/auth'
import { forgotPasswordRequest } from '@backlay/contract/password-reset'
import type { FastifyInstance, FastifyRequest, FastifyTypeProviderDefault } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import type { OtpFailureCode } from '../auth/otp'
import type { OtpChannel, OtpPurpose } from '../db/schema-accounts'
import { authRateLimit } from '../plugins/rate-limits'
import type { Result } from '../result'
import { sendSignupOtp } from '../use-cases/otp-signup'
import { type ResetDeps, requestPasswordReset, resendChallenge } from '../use-cases/password-reset'
import { sendFailure } from './failure-status'
import { requestBrand } from './request-brand'

/** What every OTP call (sign-up and password reset, SMS and WhatsApp) runs on. */
export const otpDeps = (app: FastifyInstance): ResetDeps => ({
  db: app.db,
  clock: app.clock,
  sender: app.otpSender,
  tokens: app.tokens,
})

type OtpSend<B extends z.ZodType> = (
  deps: ResetDeps,
  brandId: string,
  request: FastifyRequest<{ Body: z.output<B> }>,
) => Promise<Result<OtpSentResponse, OtpFailureCode>>

function postBrandOtp<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  body: B,
  send: OtpSend<B>,
) {
  const deps = otpDeps(app)
  app.withTypeProvider<FastifyTypeProviderDefault>().post<{ Body: z.output<B> }>(
    path,
    {
      config: { rateLimit: authRateLimit },
      schema: { body, response: { 200: otpSentResponse } },
    },
    async (request, reply) => {
      const brand = await requestBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      const sent = await send(deps, brand.value.id, request)
      return sent.ok ? sent.value : sendFailure(reply, sent)
    },
  )
}

/** An OTP to the number being signed up, for the request's brand. */
export const postSignupOtp = (app: FastifyInstance, path: string, channel: OtpChannel) =>
  postBrandOtp(app, path, phoneSignupRequest, (deps, brandId, request) =>
    sendSignupOtp(deps, brandId, channel, request.body),
  )

/** Forgot password, step 1: an OTP to the account's number, for the request's brand. */
export const postResetOtp = (app: FastifyInstance, path: string, channel: OtpChannel) =>
  postBrandOtp(app, path, forgotPasswordRequest, (deps, brandId, request) =>
    requestPasswordReset(deps, brandId, channel, request.body),
  )

/** The same challenge sent again, by its order id. */
export function postOtpResend(app: FastifyInstance, path: string, purpose: OtpPurpose) {
  const deps = otpDeps(app)
  app.withTypeProvider<ZodTypeProvider>().post(
    path,
    {
      config: { rateLimit: authRateLimit },
      schema: { body: otpResendRequest, response: { 200: otpSentResponse } },
    },
    async (request, reply) => {
      const sent = await resendChallenge(deps, request.body.orderId, purpose)
      return sent.ok ? sent.value : sendFailure(reply, sent)
    },
  )
}
