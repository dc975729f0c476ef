import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { z } from 'zod'
import { brandsRepository } from '../db/repositories/brands'
import { sendFailure } from '../http/failure-status'
import { manifestOf } from '../use-cases/brand-config'

/** The images a brand folder may hold, with their content types. */
const IMAGES: Record<string, string> = {
  'logo.png': 'image/png',
  'touch-icon.png': 'image/png',
  'icon-192.png': 'image/png',
  'icon-512.png': 'image/png',
  'favicon.ico': 'image/x-icon',
}
const MANIFEST = 'manifest.webmanifest'
/** Artwork of a brand that has no folder of its own. */
const STOCK_FOLDER = 'default'
/** A brand's host names its folder only when it cannot step out of the assets directory. */
const SAFE_FOLDER = /^[a-z0-9][a-z0-9.-]*$/
// Operators may replace a logo; browsers recheck within minutes.
const CACHE_CONTROL = 'public, max-age=300'

const params = z.object({ host: z.string().min(1).max(253), file: z.string() })

/**
 * Shell §1 brand assets: `/brand-assets/{host}/{file}` answers the logo, favicon, touch icon and
 * app icons of the brand serving that host (its folder under BRAND_ASSETS_DIR, else the stock
 * artwork), and a web manifest built from the brand's configuration.
 */
export const brandAssetsPlugin = fp(
  async (app: FastifyInstance) => {
    const readImage = async (folder: string, file: string) => {
      const folders = SAFE_FOLDER.test(folder) ? [folder, STOCK_FOLDER] : [STOCK_FOLDER]
      for (const f of folders) {
        try {
          return await readFile(join(app.config.BRAND_ASSETS_DIR, f, file))
        } catch {
          // Not in this folder: try the stock artwork.
        }
      }
      return undefined
    }

    app.get('/brand-assets/:host/:file', async (request, reply) => {
      const parsed = params.safeParse(request.params)
      const file = parsed.data?.file ?? ''
      if (!parsed.success || (file !== MANIFEST && !IMAGES[file])) {
        return sendFailure(reply, {
          code: 'ROUTE.NOT_FOUND',
          msg: `No such brand asset: ${request.url.split('?')[0]}`,
        })
      }
      const brand = await brandsRepository(app.db).forHost(parsed.data.host)
      if (!brand) {
        return sendFailure(reply, {
          code: 'BRAND.NOT_FOUND',
          msg: 'This site is not configured yet.',
        })
      }
      reply.header('cache-control', CACHE_CONTROL)
      if (file === MANIFEST) {
        return reply
          .type('application/manifest+json')
          .send(JSON.stringify(manifestOf(brand, parsed.data.host)))
      }
      const image = await readImage(brand.host, file)
      if (!image) {
        return sendFailure(reply, { code: 'ROUTE.NOT_FOUND', msg: `No ${file} for this brand.` })
      }
      return reply.type(IMAGES[file] as string).send(image)
    })
  },
  { name: 'brand-assets', dependencies: ['app-context', 'database'] },
)
