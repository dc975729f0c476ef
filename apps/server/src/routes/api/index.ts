import { existsSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import { sendFailure } from '../../http/failure-status'

const v1Folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'v1')

/**
 * Every folder `v1/<area>/` is one route plugin (its `index.ts` default export; the server runs TypeScript through tsx) mounted at
 * `/v1/<area>`, so the folder tree is the URL tree and adding an area never edits a shared list.
 */
async function v1Areas(): Promise<Array<{ area: string; routes: FastifyPluginAsync }>> {
  const entries = await readdir(v1Folder, { withFileTypes: true })
  // A folder without index.ts yet (an area being started) is skipped rather than failing the boot.
  const areas = entries
    .filter((e) => e.isDirectory() && existsSync(path.join(v1Folder, e.name, 'index.ts')))
    .map((e) => e.name)
  return Promise.all(
    areas.sort().map(async (area) => {
      const module = (await import(pathToFileURL(path.join(v1Folder, area, 'index.ts')).href)) as {
        default: FastifyPluginAsync
      }
      return { area, routes: module.default }
    }),
  )
}

/**
 * Every call lives under /api/v1, behind the general rate limit; an unknown /api path is a JSON
 * 404, never the web app.
 */
export async function apiRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.apiRateLimit)
  app.setNotFoundHandler((request, reply) =>
    sendFailure(reply, {
      code: 'ROUTE.NOT_FOUND',
      msg: `No such call: ${request.method} ${request.url.split('?')[0]}`,
    }),
  )
  for (const { area, routes } of await v1Areas()) {
    await app.register(routes, { prefix: `/v1/${area}` })
  }
}
