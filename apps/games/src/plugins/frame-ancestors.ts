import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Only the brand sites may frame the games (clickjacking): every answer carries
 * `Content-Security-Policy: frame-ancestors <brand origins>`.
 */
export const frameAncestors = fp(
  async (app: FastifyInstance, { origins }: { origins: string[] }) => {
    const policy = `frame-ancestors ${origins.join(' ')}`
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('content-security-policy', policy)
      return payload
    })
  },
)
