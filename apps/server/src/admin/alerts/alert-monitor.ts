import { randomUUID } from 'node:crypto'
import type { AlertFiring, AlertRule, createAlertRule } from '@backlay/contract/admin-reports'
import type { Kysely, Selectable } from 'kysely'
import type { z } from 'zod'
import type { Database } from '../../db/schema'
import type { AlertRuleTable } from '../../db/schema-admin'
import { fail, type Result, success } from '../../result'
import { recordAudit } from '../audit'
import type { OperatorActor } from '../guard'
import { CONDITIONS } from './alert-conditions'

/** How long a webhook may take to take the message before the next check tries again. */
const WEBHOOK_TIMEOUT_MS = 5_000

export interface AlertMonitorDeps {
  db: Kysely<Database>
  now: () => number
  /** Seconds since the ticking feed last answered; null when no feed ticks. */
  feedSilence: () => number | null
  warn: (message: string, context: Record<string, unknown>) => void
}

const toRule = (r: Selectable<AlertRuleTable>): AlertRule => ({
  id: r.id,
  kind: r.kind,
  threshold: r.threshold,
  brandId: r.brand_id,
  webhookUrl: r.webhook_url,
  active: r.active,
  createdAt: new Date(r.created_at).toISOString(),
})

/**
 * Operator alerts: the rules, and the check that turns each into firings (one open per rule and
 * subject, opened when its condition starts to hold and cleared when it stops), telling each
 * rule's webhook once about every firing it opens.
 */
export function alertMonitor(deps: AlertMonitorDeps) {
  const { db, now } = deps
  let running: Promise<void> | null = null

  const notify = async (url: string, body: object): Promise<boolean> => {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
      if (res.ok) return true
      deps.warn('alert webhook refused', { url, status: res.status })
    } catch (error) {
      deps.warn('alert webhook unreachable', { url, error: String(error) })
    }
    return false
  }

  return {
    async rules(): Promise<AlertRule[]> {
      const rows = await db.selectFrom('alert_rules').selectAll().orderBy('created_at').execute()
      return rows.map(toRule)
    },

    async create(
      actor: OperatorActor,
      input: z.output<typeof createAlertRule>,
    ): Promise<Result<AlertRule, 'ALERT.INVALID'>> {
      if (input.brandId) {
        const brand = await db
          .selectFrom('brands')
          .select('id')
          .where('id', '=', input.brandId)
          .executeTakeFirst()
        if (!brand) return fail('ALERT.INVALID', 'No such brand.')
      }
      const row = await db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('alert_rules')
          .values({
            id: randomUUID(),
            kind: input.kind,
            threshold: input.threshold,
            brand_id: input.brandId,
            webhook_url: input.webhookUrl,
            created_by: actor.id,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'alert.create',
          targetType: 'alert',
          targetId: created.id,
          after: toRule(created),
        })
        return created
      })
      return success(toRule(row))
    },

    /** Switches a rule on or off; switched off, its open firings clear at once. */
    async setActive(
      actor: OperatorActor,
      id: string,
      active: boolean,
    ): Promise<Result<AlertRule, 'ALERT.NOT_FOUND'>> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('alert_rules')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
        if (!before) return null
        const after = await trx
          .updateTable('alert_rules')
          .set({ active })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow()
        if (!active)
          await trx
            .updateTable('alert_firings')
            .set({ cleared_at: new Date(now()) })
            .where('rule_id', '=', id)
            .where('cleared_at', 'is', null)
            .execute()
        await recordAudit(trx, {
          actorId: actor.id,
          action: active ? 'alert.activate' : 'alert.deactivate',
          targetType: 'alert',
          targetId: id,
          before: toRule(before),
          after: toRule(after),
        })
        return after
      })
      return row ? success(toRule(row)) : fail('ALERT.NOT_FOUND', 'No such alert.')
    },

    /** What holds now, newest first: the back office's banner. */
    async firing(): Promise<AlertFiring[]> {
      const rows = await db
        .selectFrom('alert_firings as f')
        .innerJoin('alert_rules as r', 'r.id', 'f.rule_id')
        .select(['f.id', 'f.rule_id', 'r.kind', 'f.subject', 'f.message', 'f.since'])
        .where('f.cleared_at', 'is', null)
        .orderBy('f.since', 'desc')
        .orderBy('f.id', 'desc')
        .execute()
      return rows.map((r) => ({
        id: r.id,
        ruleId: r.rule_id,
        kind: r.kind,
        subject: r.subject,
        message: r.message,
        since: new Date(r.since).toISOString(),
      }))
    },

    /**
     * Evaluates every active rule once, then tells the webhooks what they have not heard yet. A
     * call while one runs waits for that one, so a firing is never told twice by one process.
     */
    check(): Promise<void> {
      running ??= evaluate().finally(() => {
        running = null
      })
      return running
    },

    /** Resolves once the check under way, if any, is done (the server waits for it to close). */
    async idle(): Promise<void> {
      await running
    },
  }

  async function evaluate(): Promise<void> {
    const at = now()
    const rules = await db
      .selectFrom('alert_rules')
      .selectAll()
      .where('active', '=', true)
      .execute()
    for (const rule of rules) {
      const breaches = await CONDITIONS[rule.kind](db, {
        threshold: rule.threshold,
        brandId: rule.brand_id,
        now: at,
        feedSilence: deps.feedSilence(),
      })
      const holding = new Set(breaches.map((b) => b.subject))
      await db
        .updateTable('alert_firings')
        .set({ cleared_at: new Date(at) })
        .where('rule_id', '=', rule.id)
        .where('cleared_at', 'is', null)
        .$if(holding.size > 0, (q) => q.where('subject', 'not in', [...holding]))
        .execute()
      if (breaches.length > 0)
        await db
          .insertInto('alert_firings')
          .values(
            breaches.map((b) => ({
              rule_id: rule.id,
              subject: b.subject,
              message: b.message,
              since: new Date(at),
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['rule_id', 'subject'])
              .where('cleared_at', 'is', null)
              .doUpdateSet((eb) => ({ message: eb.ref('excluded.message') })),
          )
          .execute()
    }

    const unheard = await db
      .selectFrom('alert_firings as f')
      .innerJoin('alert_rules as r', 'r.id', 'f.rule_id')
      .select([
        'f.id',
        'r.id as rule_id',
        'r.kind',
        'r.webhook_url',
        'f.subject',
        'f.message',
        'f.since',
      ])
      .where('f.cleared_at', 'is', null)
      .where('f.notified_at', 'is', null)
      .where('r.webhook_url', 'is not', null)
      .orderBy('f.id')
      .execute()
    for (const f of unheard) {
      const told = await notify(f.webhook_url ?? '', {
        alert: f.kind,
        ruleId: f.rule_id,
        subject: f.subject,
        message: f.message,
        since: new Date(f.since).toISOString(),
      })
      if (told)
        await db
          .updateTable('alert_firings')
          .set({ notified_at: new Date(now()) })
          .where('id', '=', f.id)
          .execute()
    }
  }
}

export type AlertMonitor = ReturnType<typeof alertMonitor>
