import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'
import { selectPage } from '../db/select-page'

export interface AuditRecord {
  actorId: string
  action: string
  targetType: string
  targetId: string
  before?: unknown
  after?: unknown
  reason?: string | null
}

/** Appends one entry; pass the transaction that made the change so both land or neither does. */
export async function recordAudit(db: Kysely<Database>, entry: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      reason: entry.reason ?? null,
    })
    .execute()
}

export interface AuditFilter {
  targetType?: string | undefined
  targetId?: string | undefined
  /** An agent sees only what it did and what was done to its own players. */
  visibleTo?: { agentId: string } | undefined
  page: number
  limit: number
}

export async function listAudit(db: Kysely<Database>, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a').innerJoin('users as u', 'u.id', 'a.actor_id')
  if (filter.targetType) query = query.where('a.target_type', '=', filter.targetType)
  if (filter.targetId) query = query.where('a.target_id', '=', filter.targetId)
  if (filter.visibleTo) {
    const agentId = filter.visibleTo.agentId
    query = query.where((eb) =>
      eb.or([
        eb('a.actor_id', '=', agentId),
        eb.and([
          eb('a.target_type', '=', 'player'),
          eb(
            'a.target_id',
            'in',
            eb.selectFrom('users').select('users.id').where('users.operator_id', '=', agentId),
          ),
        ]),
      ]),
    )
  }
  const { total, rows } = await selectPage(query, filter, (filtered) =>
    filtered
      .select([
        'a.id',
        'a.actor_id',
        'u.user_name',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.before',
        'a.after',
        'a.reason',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc'),
  )
  return {
    total,
    list: rows.map((r) => ({
      id: Number(r.id),
      actorId: r.actor_id,
      actorName: r.user_name,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      before: r.before,
      after: r.after,
      reason: r.reason,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  }
}
