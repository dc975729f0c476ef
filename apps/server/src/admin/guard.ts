import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { OperatorRole } from '../db/schema-admin'
import { sendFailure } from '../http/failure-status'

/** The operator an admin call acts for, loaded from the store on every call (a demoted operator stops at once). */
export interface OperatorActor {
  id: string
  userName: string
  name: string
  role: OperatorRole
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: OperatorActor | null
  }
}

export const FORBIDDEN = { code: 'ADMIN.FORBIDDEN', msg: 'Operators only.' } as const
export const ADMINS_ONLY = { code: 'ADMIN.FORBIDDEN', msg: 'Only an admin may do this.' } as const

export async function loadOperator(
  db: Kysely<Database>,
  userId: string,
): Promise<OperatorActor | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'user_name', 'name', 'role', 'operator_role', 'locked'])
    .where('id', '=', userId)
    .executeTakeFirst()
  if (row?.role !== 'operator' || !row.operator_role || row.locked) return null
  return { id: row.id, userName: row.user_name, name: row.name, role: row.operator_role }
}

/**
 * onRequest hooks for the admin area, so a caller who may not call learns nothing from body
 * validation: a valid session (401 otherwise) of an unlocked operator account (403 otherwise);
 * `requireAdmin` further refuses agents.
 */
export function operatorGuards(app: FastifyInstance) {
  app.decorateRequest('operator', null)
  const requireOperator = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireOperatorSession(request, reply)
    if (reply.sent || !request.user) return
    const found = await loadOperator(app.db, request.user.userId)
    if (!found) return sendFailure(reply, FORBIDDEN)
    request.operator = found
  }
  /** After `requireOperator` (the admin scope's hook). */
  const requireAdmin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.operator?.role !== 'admin') return sendFailure(reply, ADMINS_ONLY)
  }
  return { requireOperator, requireAdmin }
}

/** The operator of a guarded call; the guard has run, so it is always there. */
export function actorOf(request: FastifyRequest): OperatorActor {
  if (!request.operator) throw new Error('admin route without the operator guard')
  return request.operator
}
