/*
 * What the store must hold after the fault tests' workload (trading-workload.ts): each of its
 * operations as answered, once, and money that adds up. Each invariant is returned with what
 * was found, so a failing run prints them all before its assertion fails.
 */
import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema'
import { balanceOf, userCashAccountId } from '../ledger/ledger'
import { exposureAccountId } from '../markets/accounts'
import { loadMarketState, requiredExposure } from '../markets/market-state'
import type { Placed } from '../markets/trade-types'
import { DEV_PLAYER_FUNDS } from '../seed/seed-dev-data'
import type { Operation, WorkloadMarkets } from './trading-workload'

export interface Invariant {
  invariant: string
  found: string
  holds: boolean
}

const BET_KINDS = new Set(['exchange', 'liquidity', 'rest', 'bookmaker', 'fancy', 'cashout'])
const sample = (ids: readonly string[]) =>
  `${ids.length}${ids.length ? ` (${ids.slice(0, 3).join(', ')})` : ''}`

export async function tradingInvariants(
  db: Kysely<Database>,
  markets: WorkloadMarkets,
  players: readonly { userId: string }[],
  operations: readonly Operation[],
): Promise<Invariant[]> {
  const out: Invariant[] = []
  const check = (invariant: string, bad: readonly string[], found = sample(bad)) =>
    out.push({ invariant, found, holds: bad.length === 0 })
  const userIds = players.map((p) => p.userId)
  const marketIds = [markets.exchange.marketId, markets.bookmaker.marketId, markets.fancy.marketId]

  check(
    'every operation got a definite answer',
    operations.filter((op) => op.outcome === 'unknown').map((op) => `${op.kind} ${op.key}`),
  )

  // Keyed placements: the stored answer of an acknowledged one is a success, a refused one's is not.
  const answers = await db
    .selectFrom('bet_requests')
    .select(['user_id', 'idempotency_key', 'http_status', 'response'])
    .where('user_id', 'in', userIds)
    .execute()
  const answerOf = new Map(answers.map((a) => [`${a.user_id}:${a.idempotency_key}`, a]))
  const keyed = operations.filter((op) => BET_KINDS.has(op.kind))
  const answerFor = (op: Operation) => answerOf.get(`${op.userId}:${op.key}`)
  check(
    'an acknowledged bet or cash-out has its success stored under its key',
    keyed
      .filter((op) => op.outcome === 'acknowledged' && answerFor(op)?.http_status !== 200)
      .map((op) => `${op.kind} ${op.key}`),
  )
  check(
    'a refused bet or cash-out has no success stored',
    keyed
      .filter((op) => op.outcome === 'refused' && answerFor(op)?.http_status === 200)
      .map((op) => `${op.kind} ${op.key}`),
  )

  // The bets stored are exactly the acknowledged ones (a cash-out's hedge named by its answer).
  const placed = (op: Operation) =>
    op.kind === 'cashout'
      ? (answerFor(op)?.response as { placed?: Placed } | undefined)?.placed?.bets.map(
          (b) => b.bet_id,
        )
      : op.betId
  const acknowledged = new Set(
    keyed.filter((op) => op.outcome === 'acknowledged').flatMap((op) => placed(op) ?? []),
  )
  const stored = await db
    .selectFrom('bet_orders')
    .select(['id', 'side', 'matched', 'stake', 'cancelled', 'market_id'])
    .where('user_id', 'in', userIds)
    .where('market_id', 'in', marketIds)
    .execute()
  const storedIds = new Set(stored.map((b) => b.id))
  check(
    `every acknowledged bet stored (${acknowledged.size})`,
    [...acknowledged].filter((id) => !storedIds.has(id)),
  )
  check(
    `no bet stored that was not acknowledged (${stored.length} stored)`,
    stored.filter((b) => !acknowledged.has(b.id)).map((b) => b.id),
  )

  const cancelled = new Set(
    operations
      .filter((op) => op.kind === 'cancel' && op.outcome === 'acknowledged')
      .map((op) => op.betId),
  )
  const rests = new Set(
    operations.filter((op) => op.kind === 'rest').flatMap((op) => op.betId ?? []),
  )
  check(
    `a bet is cancelled exactly when its cancel was acknowledged (${cancelled.size})`,
    stored
      .filter((b) => rests.has(b.id) && (b.cancelled === b.stake) !== cancelled.has(b.id))
      .map((b) => b.id),
  )

  // Operator adjustments: each acknowledged one posted once, no refused one posted.
  const adjustments = operations.filter((op) => op.kind === 'deposit' || op.kind === 'withdrawal')
  const posted = await db
    .selectFrom('ledger_transactions')
    .select(['idempotency_key'])
    .where('idempotency_key', 'like', 'operator.adjust:%')
    .execute()
  const postings = new Map<string, number>()
  for (const p of posted)
    postings.set(p.idempotency_key ?? '', (postings.get(p.idempotency_key ?? '') ?? 0) + 1)
  check(
    `each acknowledged deposit or withdrawal posted once, no refused one (${adjustments.length})`,
    adjustments
      .filter((op) => {
        const times = postings.get(`operator.adjust:${op.userId}:${op.key}`) ?? 0
        return times !== (op.outcome === 'acknowledged' ? 1 : 0)
      })
      .map((op) => `${op.kind} ${op.key}`),
  )

  const total = await sql<{ total: string }>`SELECT coalesce(sum(amount), 0)::bigint AS total
    FROM ledger_entries`.execute(db)
  const sum = Number(total.rows[0]?.total)
  check('the ledger sums to zero', sum === 0 ? [] : [String(sum)], String(sum))

  const exchangeBets = stored.filter((b) => b.market_id === markets.exchange.marketId)
  const matched = (side: string) =>
    exchangeBets.filter((b) => b.side === side).reduce((s, b) => s + b.matched, 0)
  check(
    'matched back equals matched lay',
    matched('BACK') === matched('LAY') ? [] : ['differ'],
    `${matched('BACK')} / ${matched('LAY')}`,
  )

  const states = await Promise.all(marketIds.map((id) => loadMarketState(db, id)))
  for (const { userId } of players) {
    const cash = await balanceOf(db, userCashAccountId(userId))
    const exposure = await balanceOf(db, exposureAccountId(userId, 'real'))
    const rebuilt = states.reduce((s, state) => {
      const position = state?.positions.get(userId)
      return s + (state && position ? requiredExposure(state, position) : 0)
    }, 0)
    const moved = adjustments
      .filter((op) => op.userId === userId && op.outcome === 'acknowledged')
      .reduce((s, op) => s + (op.kind === 'deposit' ? 1 : -1) * (op.amount ?? 0), 0)
    check(
      `${userId}: available balance not below zero`,
      cash < 0 ? [String(cash)] : [],
      String(cash),
    )
    // At least: a maker whose resting order another's bet fills keeps what it reserved until
    // its own next change (exchange-engine.ts), so more may be held, never less.
    check(
      `${userId}: exposure covers the rebuilt positions'`,
      exposure >= rebuilt ? [] : ['short'],
      `${exposure} / ${rebuilt}`,
    )
    check(
      `${userId}: cash + exposure = funds + deposits - withdrawals`,
      cash + exposure === DEV_PLAYER_FUNDS + moved ? [] : ['differ'],
      `${cash + exposure} / ${DEV_PLAYER_FUNDS + moved}`,
    )
  }
  return out
}
