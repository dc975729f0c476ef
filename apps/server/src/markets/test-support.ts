import { randomUUID } from 'node:crypto'
import { saveBetResponse } from '@backlay/contract/bets'
import { sql } from 'kysely'
import type { App } from '../app'
import type { MarketKind } from '../db/schema'
import { HOUSE_CASH, openUserCashAccount, postTransaction } from '../ledger/ledger'
import { DEV_OPERATOR } from '../seed/seed-dev-data'
import { startSession } from '../use-cases/sessions'

/** A funded player in the `localhost` brand of the dev seed, with a live session token. */
export async function newPlayer(
  app: Pick<App, 'db' | 'tokens'>,
  opts: { rupees: number; demo?: boolean },
) {
  const id = randomUUID()
  const book = opts.demo ? 'demo' : 'real'
  await app.db
    .insertInto('users')
    .values({
      id,
      brand_id: 'localhost',
      role: 'player',
      user_name: `p${id.slice(0, 8)}`,
      name: 'Test Player',
      mobile: null,
      country_code: null,
      password_hash: 'not-used',
      operator_id: null,
      is_demo: opts.demo ?? false,
      settings: JSON.stringify({}),
    })
    .execute()
  const cash = await openUserCashAccount(app.db, id, book)
  if (opts.rupees > 0) {
    const funded = await postTransaction(app.db, {
      kind: 'test.funding',
      book,
      legs: [
        { accountId: HOUSE_CASH[book], amount: -opts.rupees * 100 },
        { accountId: cash, amount: opts.rupees * 100 },
      ],
    })
    if (!funded.ok) throw new Error(funded.msg)
  }
  const session = await startSession(app.db, app.tokens, {
    id,
    brand_id: 'localhost',
    role: 'player',
  })
  return { id, token: session.token }
}

export async function call(
  app: App,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
  return {
    status: res.statusCode,
    body: res.json() as Record<string, unknown> & { msg?: string; data?: unknown },
  }
}

/** The dev seed's operator signed in: a call to the admin API as them. */
export async function adminCaller(app: App) {
  const login = await call(app, null, 'POST', 'admin/login', {
    userName: DEV_OPERATOR.userName,
    password: DEV_OPERATOR.password,
  })
  const token = (login.body.data as { token: string }).token
  return (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
    call(app, token, method as 'GET' | 'POST', `admin/${url}`, payload)
}

/**
 * An open market of a kind with active runners (cricket first, where limits are widest), its
 * bet delay set as asked. `sportId` narrows the choice.
 */
export async function openMarket(
  app: App,
  kind: MarketKind,
  opts: {
    delaySeconds?: number
    sportId?: string
    runners?: number
    exclude?: readonly string[]
    /** Only a market not in-play yet (a race in-play may have no prices left). */
    prePlay?: boolean
  } = {},
) {
  let q = app.db
    .selectFrom('markets as m')
    .innerJoin('events as e', 'e.id', 'm.event_id')
    .select(['m.id', 'm.event_id', 'e.sport_id'])
    .where('m.kind', '=', kind)
    .where('m.status', '=', 'OPEN')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('runners as r')
          .select(sql.lit(1).as('one'))
          .whereRef('r.market_id', '=', 'm.id')
          .where(sql<boolean>`jsonb_array_length(r.back) > 0`),
      ),
    )
    .orderBy(sql`e.sport_id = '4'`, 'desc')
    .orderBy('m.id')
  if (opts.sportId) q = q.where('e.sport_id', '=', opts.sportId)
  if (opts.prePlay) q = q.where('m.inplay', '=', false)
  const markets = await q.execute()
  for (const m of markets) {
    const runners = await app.db
      .selectFrom('runners')
      .select(['selection_id', 'back', 'lay', 'status'])
      .where('market_id', '=', m.id)
      .orderBy('sort_priority')
      .execute()
    if (opts.runners !== undefined && runners.length !== opts.runners) continue
    if (opts.exclude?.includes(m.id)) continue
    await app.db
      .updateTable('markets')
      .set({ bet_delay_seconds: opts.delaySeconds ?? 0 })
      .where('id', '=', m.id)
      .execute()
    return { id: m.id, kind, eventId: m.event_id, sportId: m.sport_id, runners }
  }
  throw new Error(`no open ${kind} market in the feed`)
}

/** The top of the odds ladder (odds ×100): a back there rests unless someone offers it already. */
const LADDER_TOP = 100_000

/**
 * An open match odds market (`exclude` as for openMarket) and a runner of it on which a back at
 * 1000 rests: its best back price is below the top of the ladder. A nearly decided match of the
 * simulator offers 1000 on its outsider already, and its favourite has no back price at all.
 */
export async function marketToRestOn(app: App, exclude: readonly string[] = []) {
  const tried = [...exclude]
  for (;;) {
    const market = await openMarket(app, 'MATCH_ODDS', { exclude: tried })
    const runner = market.runners.find((r) => {
      const best = r.back[0]?.price ?? 0
      return best > 0 && best < LADDER_TOP
    })
    if (runner) return { market, runner }
    tried.push(market.id)
  }
}

/**
 * A new player with ₹1,000 whose ₹100 back at 1000 rests unmatched in a match odds market that
 * is not in-play yet (₹100 held); `exclude` as for openMarket.
 */
export async function restingBetBeforeInPlay(app: App, exclude: readonly string[] = []) {
  const { market, runner } = await marketToRestOn(app, exclude)
  await app.db.updateTable('markets').set({ inplay: false }).where('id', '=', market.id).execute()
  const player = await newPlayer(app, { rupees: 1_000 })
  const rest = await call(app, player.token, 'POST', 'bet/saveBet', {
    is_back: 1,
    market_id: market.id,
    odds: 1000,
    selection_id: runner.selection_id,
    stack: 100,
  })
  const placed = saveBetResponse.parse(rest.body).data
  if (placed.status !== 'UNMATCHED') throw new Error(`expected a resting bet, got ${placed.status}`)
  return { market, player }
}

/** Cash and exposure of a user in paise, straight from the ledger accounts. */
export async function moneyOf(app: App, userId: string, book: 'real' | 'demo' = 'real') {
  const rows = await app.db
    .selectFrom('ledger_accounts')
    .select(['kind', 'balance'])
    .where('id', 'in', [`user:${userId}:cash:${book}`, `user:${userId}:exposure:${book}`])
    .execute()
  return {
    cash: rows.find((r) => r.kind === 'user.cash')?.balance ?? 0,
    exposure: rows.find((r) => r.kind === 'user.exposure')?.balance ?? 0,
  }
}

/** Σ of every ledger entry: zero whenever every transaction balanced. */
export async function ledgerTotal(app: App) {
  const row = await app.db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow()
  return row.total
}
