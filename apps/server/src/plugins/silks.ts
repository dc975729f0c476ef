import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SILKS_PATH, silksSvg } from '../feed/simulator/silks'
import { sendFailure } from '../http/failure-status'

// The same name always draws the same picture.
const CACHE_CONTROL = 'public, max-age=86400'

/** The silks of the simulated race cards' runners, drawn from their names (feed/simulator/silks.ts). */
export const silksPlugin = fp(
  async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>(`${SILKS_PATH}/:file`, async (request, reply) => {
      const image = silksSvg(request.params.file)
      if (!image) {
        return sendFailure(reply, { code: 'ROUTE.NOT_FOUND', msg: 'No such silks image' })
      }
      return reply.type('image/svg+xml').header('cache-control', CACHE_CONTROL).send(image)
    })
  },
  { name: 'silks' },
)
