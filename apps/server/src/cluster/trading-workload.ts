/*
 * The fault tests' workload: clients trading through every node as players and an operator do,
 * each answer recorded. A call whose outcome is unknown (no answer, a 5xx) is sent again with
 * its Idempotency-Key until a definite answer comes, as a careful client does; the history is
 * what the store is checked against afterwards (trading-checks.ts).
 */
import { randomUUID } from 'node:crypto'
import { eventResponse } from '@backlay/contract/admin'
import type { LoadNode } from './testing'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** A client gives up waiting for an answer after this; the outcome is then unknown. */
const ANSWER_TIMEOUT_MS = 8_000
/** A call of unknown outcome is sent again after this pause, until a definite answer. */
const RETRY_PAUSE_MS = 300
const STAKE = 2

export type OperationKind =
  | 'exchange'
  | 'liquidity'
  | 'rest'
  | 'cancel'
  | 'cashout'
  | 'bookmaker'
  | 'fancy'
  | 'deposit'
  | 'withdrawal'

/** One call sent to one node, and what it answered (status 0: nothing within the timeout). */
export interface Attempt {
  node: string
  startedAt: number
  endedAt: number
  status: number
  code: string | undefined
}

/** One operation of a client, with every attempt it took to get a definite answer. */
export interface Operation {
  kind: OperationKind
  userId: string
  key: string
  attempts: Attempt[]
  /** unknown: the workload stopped before a definite answer came (none should stay so). */
  outcome: 'acknowledged' | 'refused' | 'unknown'
  /** The placed bet's id (bets and cash-outs), or the bet a cancel names. */
  betId?: string
  /** Paise moved by a deposit or withdrawal. */
  amount?: number
}

export interface WorkloadMarkets {
  exchange: { marketId: string; selectionId: string }
  bookmaker: { marketId: string; selectionId: string }
  fancy: { marketId: string; noRuns: number; yesRuns: number }
}

type Player = { token: string; userId: string }
type Answer = { status: number; body: Record<string, unknown> }

/** A definite answer (a success or a 4xx refusal) ends an operation's retries. */
const definite = (status: number) => status >= 200 && status < 500

/**
 * `clients` players' clients (alternately the two players, odd ones backing, even ones laying,
 * so the exchange bets match each other) and one operator's, each sending its next operation to
 * the next live node as a load balancer would.
 */
export class TradingWorkload {
  readonly operations: Operation[] = []
  private running = true
  private readonly done: Promise<void>[] = []

  constructor(
    private readonly nodes: () => readonly LoadNode[],
    private readonly markets: WorkloadMarkets,
    players: readonly [Player, Player],
    operatorToken: string,
    clients = 8,
  ) {
    for (let c = 0; c < clients; c++) this.done.push(this.player(c, players[c % 2] as Player))
    this.done.push(this.operator(operatorToken, players))
  }

  async stop() {
    this.running = false
    await Promise.all(this.done)
  }

  /** Every call of the history, with its operation's kind. */
  get attempts() {
    return this.operations.flatMap((op) => op.attempts.map((a) => ({ ...a, kind: op.kind })))
  }

  private next = 0
  private liveNode(): LoadNode | undefined {
    const live = this.nodes().filter((n) => n.alive && !n.paused)
    return live[this.next++ % live.length]
  }

  /**
   * Sends the call until a definite answer, each attempt to the next live node. After the
   * workload stops, an operation of unknown outcome still goes on, so none is left unknown.
   */
  private async operate(
    op: Omit<Operation, 'attempts' | 'outcome'>,
    send: (node: LoadNode, key: string) => Promise<Answer>,
  ): Promise<{ op: Operation; answer: Answer | undefined }> {
    const operation: Operation = { ...op, attempts: [], outcome: 'unknown' }
    this.operations.push(operation)
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      const node = this.liveNode()
      if (!node) return { op: operation, answer: undefined }
      const startedAt = Date.now()
      const answer = await send(node, op.key)
      operation.attempts.push({
        node: node.name,
        startedAt,
        endedAt: Date.now(),
        status: answer.status,
        code: answer.body.code as string | undefined,
      })
      if (definite(answer.status)) {
        operation.outcome = answer.status === 200 ? 'acknowledged' : 'refused'
        return { op: operation, answer }
      }
      await sleep(RETRY_PAUSE_MS)
    }
    return { op: operation, answer: undefined }
  }

  /** A call under an Idempotency-Key, waited for no longer than a client would. */
  private keyed(
    node: LoadNode,
    key: string,
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: object,
  ) {
    return node.call(method, path, {
      body,
      token,
      headers: { 'idempotency-key': key },
      timeoutMs: ANSWER_TIMEOUT_MS,
    })
  }

  private async bet(kind: OperationKind, player: Player, path: string, body: object) {
    const { op, answer } = await this.operate(
      { kind, userId: player.userId, key: randomUUID() },
      (node, key) => this.keyed(node, key, 'POST', path, player.token, body),
    )
    const placed = answer?.body.data as { bet_id?: string } | undefined
    if (op.outcome === 'acknowledged' && placed?.bet_id) op.betId = placed.bet_id
    return op
  }

  private async player(c: number, player: Player) {
    const { exchange, bookmaker, fancy } = this.markets
    const back = c % 2
    const odds = (price: number) => ({
      market_id: exchange.marketId,
      selection_id: exchange.selectionId,
      stack: STAKE,
      odds: price,
    })
    for (let round = 0; this.running; round++) {
      await this.bet('exchange', player, 'bet/saveBet', { ...odds(2), is_back: back })
      // The other side's liquidity a cash-out hedges against, a tick away: it rests.
      await this.bet('liquidity', player, 'bet/saveBet', {
        ...odds(back ? 1.98 : 2.02),
        is_back: 1 - back,
      })
      const rest = await this.bet('rest', player, 'bet/saveBet', { ...odds(1000), is_back: 1 })
      if (rest.betId) await this.cancel(player, rest.betId)
      await this.bet('bookmaker', player, 'bet/saveBet', {
        market_id: bookmaker.marketId,
        selection_id: bookmaker.selectionId,
        stack: STAKE,
        odds: back ? 1.5 : 2.6,
        is_back: back,
      })
      await this.bet('fancy', player, 'bet/saveFancyBet', {
        fancy_id: fancy.marketId,
        run: back ? fancy.yesRuns : fancy.noRuns,
        size: 100,
        stack: STAKE,
        is_back: back,
      })
      // Its hedge's bet id is in the stored answer of its key (trading-checks.ts).
      if (round % 3 === 2)
        await this.operate(
          { kind: 'cashout', userId: player.userId, key: randomUUID() },
          (node, key) =>
            this.keyed(
              node,
              key,
              'GET',
              `exchange/order/cashout?marketId=${exchange.marketId}`,
              player.token,
            ),
        )
    }
  }

  /** A cancel has no key: sent again after a lost answer, "already cancelled" means it was done. */
  private async cancel(player: Player, betId: string) {
    const { op } = await this.operate(
      { kind: 'cancel', userId: player.userId, key: randomUUID(), betId },
      (node) =>
        node.call('POST', 'bet/cancelUnmatchedBet', {
          body: { bet_id: betId },
          token: player.token,
          timeoutMs: ANSWER_TIMEOUT_MS,
        }),
    )
    const lostFirst = op.attempts.length > 1
    if (op.outcome === 'refused' && lostFirst && op.attempts.at(-1)?.code === 'BET.NOT_CANCELLABLE')
      op.outcome = 'acknowledged'
  }

  /** The operator's deposits (₹50) and withdrawals (₹20) to and from each player in turn. */
  private async operator(token: string, players: readonly Player[]) {
    for (let n = 0; this.running; n++) {
      const player = players[n % players.length] as Player
      const kind = n % 4 < 2 ? 'deposit' : 'withdrawal'
      const rupees = kind === 'deposit' ? 50 : 20
      await this.operate(
        { kind, userId: player.userId, key: randomUUID(), amount: rupees * 100 },
        (node, key) =>
          this.keyed(node, key, 'POST', `admin/players/${player.userId}/adjust`, token, {
            direction: kind === 'deposit' ? 'credit' : 'debit',
            amount: rupees,
            reason: `fault test ${kind}`,
          }),
      )
      await sleep(100)
    }
  }
}

/**
 * The workload's markets, made by the operator through `node` as the back office makes them: a
 * cricket match with an exchange market, a bookmaker market quoted 1.50 / 2.60 and a fancy line
 * (No 50, Yes 52, both at evens), all open.
 */
export async function openWorkloadMarkets(node: LoadNode, operatorToken: string) {
  const admin = async (path: string, body: object) => {
    const res = await node.call('POST', `admin/${path}`, { body, token: operatorToken })
    if (res.status !== 200)
      throw new Error(`admin/${path}: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const limits = { betDelaySeconds: 0, minStake: 1, maxStake: 100_000, maxProfit: 10_000_000 }
  const created = eventResponse.parse(
    await admin('events', {
      sportId: '4',
      competitionName: 'Fault Cup',
      name: 'Quorum v Failover',
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      markets: [
        { kind: 'MATCH_ODDS', name: 'Match Odds', runners: ['Quorum', 'Failover'], ...limits },
        { kind: 'BOOKMAKER', name: 'Bookmaker', runners: ['Quorum', 'Failover'], ...limits },
        { kind: 'SESSION', name: '10 over runs', runners: ['10 over runs'], ...limits },
      ],
    }),
  ).data.marketDetails
  const of = (kind: string) => {
    const market = created.find((m) => m.kind === kind)
    if (!market?.runners[0]) throw new Error(`no ${kind} market made`)
    return { marketId: market.id, selectionId: market.runners[0].selectionId }
  }
  const markets = {
    exchange: of('MATCH_ODDS'),
    bookmaker: of('BOOKMAKER'),
    fancy: { marketId: of('SESSION').marketId, noRuns: 50, yesRuns: 52 },
  }
  await admin(`markets/${markets.bookmaker.marketId}/prices`, {
    runners: created
      .find((m) => m.kind === 'BOOKMAKER')
      ?.runners.map((r) => ({ selectionId: r.selectionId, back: 1.5, lay: 2.6, size: 100_000 })),
  })
  await admin(`markets/${markets.fancy.marketId}/line`, {
    noRuns: 50,
    noRate: 100,
    yesRuns: 52,
    yesRate: 100,
  })
  for (const { marketId } of [markets.exchange, markets.bookmaker, markets.fancy])
    await admin(`markets/${marketId}/status`, { status: 'OPEN' })
  return markets
}
