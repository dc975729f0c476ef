import { settingResponse, siteUrlRequest } from '@backlay/contract/brand'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sendFailure } from '../../../../http/failure-status'
import { siteUrlBrand } from '../../../../http/request-brand'
import { brandSettingsOf } from '../../../../use-cases/brand-config'

/** POST getSetting `{ siteurl }` → data.istenpaisa. */
const getSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { schema: { body: siteUrlRequest, response: { 200: settingResponse } } },
    async (request, reply) => {
      const site = await siteUrlBrand(request, request.body.siteurl)
      if (!site.ok) return sendFailure(reply, site)
      return {
        status: true as const,
        data: { istenpaisa: brandSettingsOf(site.value.brand).istenpaisa },
      }
    },
  )
}
export default getSettingRoutes
