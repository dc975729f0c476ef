import type { FastifyInstance } from 'fastify'
import { exclusionReader, exclusionRefusal } from '../admin/responsible-gambling'

/**
 * The web's responsible-gambling gate for the API's staking calls (placeOrders, replaceOrders):
 * a self-excluded or timed-out player places nothing through any door (admin/rg-gate.ts gates
 * the web's routes by their address; the API's one address carries every operation).
 */
export function stakeGate(app: FastifyInstance) {
  const readExclusion = exclusionReader(app.db, app.ownWrites)
  return async (userId: string) => exclusionRefusal(await readExclusion(userId), app.clock.now())
}
export type StakeGate = ReturnType<typeof stakeGate>
