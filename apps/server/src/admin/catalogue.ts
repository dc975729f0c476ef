import { randomInt } from 'node:crypto'
import type {
  AdminMarket,
  bookmakerPricesRequest,
  CreateEventRequest,
  fancyLineRequest,
  updateMarketRequest,
} from '@backlay/contract/admin'
import { rupeesToPaise } from '@backlay/contract/money'
import type { Kysely } from 'kysely'
import type { z } from 'zod'
import type { Database, MarketStatus, RunnerStatus } from '../db/schema'
import { fail, type Result, success } from '../result'
import { recordAudit } from './audit'
import { catalogueReads } from './catalogue-reads'
import type { OperatorActor } from './guard'

/**
 * Operators' writes to the sports catalogue (the tables the feed fills). Every change is one
 * transaction with its audit entry; then the stream hears of it on `market:<id>` and the
 * exchange re-reads the market (the market maker quotes around the reference prices).
 */

export interface CatalogueDeps {
  db: Kysely<Database>
  now: () => number
  /** Publishes a status change on the market's stream channel (the engine numbers it). */
  publishStatus: (
    marketId: string,
    change: {
      status: MarketStatus
      inplay: boolean
      runners: { selectionId: string; status: RunnerStatus }[]
    },
  ) => void
  /** Tells the exchange a market changed (requote an exchange market). */
  marketChanged: (marketId: string) => Promise<void>
}

const NOT_FOUND = { code: 'MARKET.NOT_FOUND', msg: 'No such market.' } as const
const CLOSED = { code: 'MARKET.CONFLICT', msg: 'This market is closed.' } as const

/** Ids in the feed's numeric style, in a range of their own: 8 then nine digits. */
const newEventId = () => `8${randomInt(100_000_000, 1_000_000_000)}`
const newMarketId = () => `8.${randomInt(100_000_000, 1_000_000_000)}`
const newCompetitionId = () => `8${randomInt(100_000_000, 1_000_000_000)}`

export function catalogueAdmin(deps: CatalogueDeps) {
  const { db } = deps
  const reads = catalogueReads(db)

  const { view } = reads

  const publishStatus = (m: AdminMarket) =>
    deps.publishStatus(m.id, {
      status: m.status,
      inplay: m.inplay,
      runners: m.runners.map((r) => ({ selectionId: r.selectionId, status: r.status })),
    })

  /**
   * One audited change of an open market: `change` writes inside the transaction; the audit
   * entry holds the market before and after.
   */
  async function changeMarket(
    actor: OperatorActor,
    id: string,
    action: string,
    change: (trx: Kysely<Database>, before: AdminMarket) => Promise<Result<void>>,
  ): Promise<Result<AdminMarket>> {
    const outcome = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('markets').select('id').where('id', '=', id).forUpdate().execute()
      const before = await view(id, trx)
      if (!before) return fail(NOT_FOUND.code, NOT_FOUND.msg)
      if (before.status === 'CLOSED') return fail(CLOSED.code, CLOSED.msg)
      const changed = await change(trx, before)
      if (!changed.ok) return changed
      await trx
        .updateTable('markets')
        .set({ updated_at: new Date(deps.now()) })
        .where('id', '=', id)
        .execute()
      const after = (await view(id, trx)) as AdminMarket
      await recordAudit(trx, {
        actorId: actor.id,
        action,
        targetType: 'market',
        targetId: id,
        before,
        after,
      })
      return success(after)
    })
    if (outcome.ok) {
      publishStatus(outcome.value)
      await deps.marketChanged(id)
    }
    return outcome
  }

  return {
    ...reads,

    /** Creates the event, its competition when new, and every market with its runners. */
    async createEvent(
      actor: OperatorActor,
      input: z.output<z.ZodType<CreateEventRequest>>,
    ): Promise<Result<{ eventId: string; marketIds: string[] }>> {
      const now = deps.now()
      return db.transaction().execute(async (trx) => {
        const sport = await trx
          .selectFrom('sports')
          .select('id')
          .where('id', '=', input.sportId)
          .executeTakeFirst()
        if (!sport) return fail('EVENT.INVALID', 'No such sport.')
        let competitionId = input.competitionId
        if (competitionId) {
          const found = await trx
            .selectFrom('competitions')
            .select('sport_id')
            .where('id', '=', competitionId)
            .executeTakeFirst()
          if (found?.sport_id !== input.sportId)
            return fail('EVENT.INVALID', 'That competition is not of this sport.')
        } else {
          competitionId = newCompetitionId()
          await trx
            .insertInto('competitions')
            .values({
              id: competitionId,
              sport_id: input.sportId,
              name: input.competitionName ?? input.name,
              country_code: null,
              updated_at: new Date(now),
            })
            .execute()
        }
        const eventId = newEventId()
        const startTime = new Date(input.startTime)
        await trx
          .insertInto('events')
          .values({
            id: eventId,
            sport_id: input.sportId,
            competition_id: competitionId,
            name: input.name,
            start_time: startTime,
            status: startTime.getTime() <= now ? 'IN_PLAY' : 'UPCOMING',
            venue: input.venue ?? null,
            country_code: null,
            updated_at: new Date(now),
          })
          .execute()
        const marketIds: string[] = []
        for (const [index, m] of input.markets.entries()) {
          const marketId = newMarketId()
          marketIds.push(marketId)
          await trx
            .insertInto('markets')
            .values({
              id: marketId,
              event_id: eventId,
              kind: m.kind,
              name: m.name,
              // Suspended until an operator opens it, so nobody bets on a half-configured market.
              status: 'SUSPENDED',
              inplay: startTime.getTime() <= now,
              start_time: startTime,
              bet_delay_seconds: m.betDelaySeconds,
              min_stake: rupeesToPaise(m.minStake),
              max_stake: rupeesToPaise(m.maxStake),
              max_profit: rupeesToPaise(m.maxProfit),
              sort_priority: index,
              winner_selection_id: null,
              result_value: null,
              closed_at: null,
              updated_at: new Date(now),
            })
            .execute()
          await trx
            .insertInto('runners')
            .values(
              m.runners.map((name, i) => ({
                market_id: marketId,
                selection_id: String(i + 1),
                name,
                sort_priority: i,
                status: 'ACTIVE' as const,
                back: '[]',
                lay: '[]',
                traded_volume: 0,
                metadata: 'null',
                updated_at: new Date(now),
              })),
            )
            .execute()
        }
        await recordAudit(trx, {
          actorId: actor.id,
          action: 'event.create',
          targetType: 'event',
          targetId: eventId,
          after: { ...input, id: eventId, competitionId, marketIds },
        })
        return success({ eventId, marketIds })
      })
    },

    updateMarket(
      actor: OperatorActor,
      id: string,
      patch: z.output<typeof updateMarketRequest>,
    ): Promise<Result<AdminMarket>> {
      return changeMarket(actor, id, 'market.update', async (trx, before) => {
        const minStake = patch.minStake ?? before.minStake
        const maxStake = patch.maxStake ?? before.maxStake
        if (minStake > maxStake) return fail('MARKET.INVALID', 'Min stake cannot exceed max stake')
        await trx
          .updateTable('markets')
          .set({
            ...(patch.betDelaySeconds !== undefined && {
              bet_delay_seconds: patch.betDelaySeconds,
            }),
            ...(patch.minStake !== undefined && { min_stake: rupeesToPaise(patch.minStake) }),
            ...(patch.maxStake !== undefined && { max_stake: rupeesToPaise(patch.maxStake) }),
            ...(patch.maxProfit !== undefined && { max_profit: rupeesToPaise(patch.maxProfit) }),
            ...(patch.inplay !== undefined && { inplay: patch.inplay }),
          })
          .where('id', '=', id)
          .execute()
        if (patch.inplay)
          await trx
            .updateTable('events')
            .set({ status: 'IN_PLAY' })
            .where('id', '=', before.eventId)
            .where('status', '=', 'UPCOMING')
            .execute()
        return success(undefined)
      })
    },

    setMarketStatus(actor: OperatorActor, id: string, status: Exclude<MarketStatus, 'CLOSED'>) {
      return changeMarket(
        actor,
        id,
        status === 'OPEN' ? 'market.resume' : 'market.suspend',
        async (trx) => {
          await trx
            .updateTable('markets')
            .set({ status, operator_hold: status === 'SUSPENDED' })
            .where('id', '=', id)
            .execute()
          return success(undefined)
        },
      )
    },

    setRunnerStatus(
      actor: OperatorActor,
      id: string,
      selectionId: string,
      status: Extract<RunnerStatus, 'ACTIVE' | 'SUSPENDED'>,
    ) {
      return changeMarket(
        actor,
        id,
        status === 'ACTIVE' ? 'runner.resume' : 'runner.suspend',
        async (trx, before) => {
          if (!before.runners.some((r) => r.selectionId === selectionId))
            return fail('MARKET.NOT_FOUND', 'No such runner in this market.')
          await trx
            .updateTable('runners')
            .set({ status, updated_at: new Date(deps.now()) })
            .where('market_id', '=', id)
            .where('selection_id', '=', selectionId)
            .execute()
          return success(undefined)
        },
      )
    },

    /**
     * Prices by hand, one back and one lay level per runner: a bookmaker market's quotes, or the
     * reference prices the market maker quotes around on an exchange market the feed does not run.
     */
    setPrices(actor: OperatorActor, id: string, input: z.output<typeof bookmakerPricesRequest>) {
      return changeMarket(actor, id, 'market.prices', async (trx, before) => {
        if (before.kind === 'SESSION')
          return fail('MARKET.INVALID', 'A fancy market takes a line, not prices.')
        for (const r of input.runners) {
          if (!before.runners.some((x) => x.selectionId === r.selectionId))
            return fail('MARKET.NOT_FOUND', 'No such runner in this market.')
          if (r.back !== null && r.lay !== null && r.lay < r.back)
            return fail('MARKET.INVALID', 'Lay price cannot be below back price.')
          const size = rupeesToPaise(r.size)
          const level = (odds: number | null) =>
            JSON.stringify(odds === null ? [] : [{ price: Math.round(odds * 100), size }])
          await trx
            .updateTable('runners')
            .set({ back: level(r.back), lay: level(r.lay), updated_at: new Date(deps.now()) })
            .where('market_id', '=', id)
            .where('selection_id', '=', r.selectionId)
            .execute()
        }
        return success(undefined)
      })
    },

    /** A fancy line: Yes (back) runs at a rate, No (lay) runs at a rate. */
    setFancyLine(actor: OperatorActor, id: string, input: z.output<typeof fancyLineRequest>) {
      return changeMarket(actor, id, 'market.line', async (trx, before) => {
        if (before.kind !== 'SESSION')
          return fail('MARKET.INVALID', 'Lines are set on fancy markets only.')
        await trx
          .updateTable('runners')
          .set({
            back: JSON.stringify([{ price: input.yesRuns, size: input.yesRate }]),
            lay: JSON.stringify([{ price: input.noRuns, size: input.noRate }]),
            updated_at: new Date(deps.now()),
          })
          .where('market_id', '=', id)
          .execute()
        return success(undefined)
      })
    },
  }
}
