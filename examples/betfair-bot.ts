/**
 * A trading bot written as for Betfair's API, pointed at Backlay: it logs in to the identity
 * service, follows its orders on the Exchange Stream API, lists a cricket match-odds market,
 * prices it, rests a lay, moves it, lists and cancels it (each step seen on the stream too), and
 * logs out. Nothing here knows it is not talking to Betfair except the base addresses and the
 * stream's certificate to trust (README "Trading API").
 *
 *   npx tsx examples/betfair-bot.ts            (against npm start at http://localhost:8080)
 *   BACKLAY_URL=https://exchange.example BACKLAY_STREAM_HOST=exchange.example BACKLAY_USER=… \
 *     BACKLAY_PASSWORD=… npx tsx examples/betfair-bot.ts
 */
import { existsSync, readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { connect } from 'node:tls'

const BASE = process.env.BACKLAY_URL ?? 'http://localhost:8080'
const IDENTITY = `${BASE}/betfair/identity/api`
const BETTING = `${BASE}/betfair/exchange/betting/json-rpc/v1`
const ACCOUNT = `${BASE}/betfair/exchange/account/json-rpc/v1`
const USER = process.env.BACKLAY_USER ?? 'demo1'
const PASSWORD = process.env.BACKLAY_PASSWORD ?? 'Password1'
const STREAM_HOST = process.env.BACKLAY_STREAM_HOST ?? 'localhost'
const STREAM_PORT = Number(process.env.BACKLAY_STREAM_PORT ?? 8443)
/** npm start's self-signed stream certificate; a server with a CA-signed one needs none. */
const STREAM_CA = process.env.BACKLAY_STREAM_CA ?? 'apps/server/data/stream-tls-cert.pem'

/**
 * The order stream: authenticates, subscribes to the account's orders, and resolves `seen(betId,
 * status)` once an order change shows that bet in that status (E executable, EC complete).
 */
async function orderStream(appKey: string, session: string) {
  const socket = connect({
    host: STREAM_HOST,
    port: STREAM_PORT,
    ...(existsSync(STREAM_CA) ? { ca: readFileSync(STREAM_CA, 'utf8') } : {}),
  })
  const seen: { betId: string; status: string }[] = []
  const waiting = new Set<() => void>()
  const send = (message: object) => socket.write(`${JSON.stringify(message)}\r\n`)
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('error', reject)
    createInterface({ input: socket, crlfDelay: Number.POSITIVE_INFINITY }).on('line', (line) => {
      const message = JSON.parse(line)
      if (message.op === 'connection') send({ op: 'authentication', id: 1, appKey, session })
      if (message.op === 'status' && message.statusCode !== 'SUCCESS')
        reject(new Error(`stream: ${message.errorCode} ${message.errorMessage}`))
      if (message.op === 'status' && message.id === 1) send({ op: 'orderSubscription', id: 2 })
      if (message.op !== 'ocm') return
      if (message.ct === 'SUB_IMAGE') resolve()
      for (const market of message.oc ?? [])
        for (const runner of market.orc ?? [])
          for (const order of runner.uo ?? []) seen.push({ betId: order.id, status: order.status })
      for (const wake of waiting) wake()
    })
  })
  await subscribed
  return {
    seen: (betId: string, status: 'E' | 'EC') =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`stream: ${betId} never ${status}`)),
          10_000,
        )
        const check = () => {
          if (!seen.some((o) => o.betId === betId && o.status === status)) return
          clearTimeout(timer)
          waiting.delete(check)
          resolve()
        }
        waiting.add(check)
        check()
      }),
    close: () => socket.end(),
  }
}

/** An application key: BACKLAY_APP_KEY, or a new one from the web account (API access). */
async function appKey(): Promise<string> {
  if (process.env.BACKLAY_APP_KEY) return process.env.BACKLAY_APP_KEY
  const login = await fetch(`${BASE}/api/v1/user/userLogin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from('application:secret').toString('base64')}`,
    },
    body: JSON.stringify({ user_name: USER, password: PASSWORD, grant_type: 'password' }),
  })
  const { token, msg } = (await login.json()) as { token?: { accessToken: string }; msg?: string }
  if (!token) throw new Error(`web login failed: ${msg}`)
  const created = await fetch(`${BASE}/api/v1/account/appKeys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.accessToken}` },
  })
  return ((await created.json()) as { data: { appKey: string } }).data.appKey
}

interface Catalogue {
  marketId: string
  event: { name: string }
  runners: { selectionId: number; runnerName: string }[]
}
interface Book {
  runners: {
    selectionId: number
    ex: { availableToBack: { price: number }[]; availableToLay: { price: number }[] }
  }[]
}
interface Report {
  status: string
  instructionReports: {
    betId: string
    orderStatus: string
    placeInstructionReport: { betId: string }
  }[]
}
interface Orders {
  currentOrders: { betId: string; status: string; priceSize: { price: number } }[]
}

async function main() {
  const key = await appKey()
  const login = await fetch(`${IDENTITY}/login`, {
    method: 'POST',
    headers: {
      'X-Application': key,
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ username: USER, password: PASSWORD }),
  })
  const session = (await login.json()) as { token: string; status: string; error: string }
  if (session.status !== 'SUCCESS') throw new Error(`login failed: ${session.error}`)
  const headers = {
    'X-Application': key,
    'X-Authentication': session.token,
    'content-type': 'application/json',
  }
  const stream = await orderStream(key, session.token)
  console.log(`stream: following orders on ${STREAM_HOST}:${STREAM_PORT}`)
  let id = 0
  const rpc = async <T>(url: string, method: string, params: object): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', method, params, id: ++id }),
    })
    const answer = (await res.json()) as {
      result?: T
      error?: { data?: { APINGException?: { errorCode: string } } }
    }
    if (answer.error) throw new Error(`${method}: ${answer.error.data?.APINGException?.errorCode}`)
    return answer.result as T
  }
  const sports = <T>(method: string, params: object) =>
    rpc<T>(BETTING, `SportsAPING/v1.0/${method}`, params)

  const funds = await rpc<{ availableToBetBalance: number; exposure: number }>(
    ACCOUNT,
    'AccountAPING/v1.0/getAccountFunds',
    {},
  )
  console.log(`available ${funds.availableToBetBalance}, exposure ${funds.exposure}`)
  const [market] = await sports<Catalogue[]>('listMarketCatalogue', {
    filter: { eventTypeIds: ['4'], marketTypeCodes: ['MATCH_ODDS'], inPlayOnly: false },
    marketProjection: ['EVENT', 'RUNNER_DESCRIPTION'],
    maxResults: 1,
  })
  if (!market) throw new Error('no cricket match odds market open')
  const [runner] = market.runners
  if (!runner) throw new Error('the market has no runners')
  console.log(`market ${market.marketId}: ${market.event.name}, runner ${runner.runnerName}`)
  const [book] = await sports<Book[]>('listMarketBook', {
    marketIds: [market.marketId],
    priceProjection: { priceData: ['EX_BEST_OFFERS'] },
  })
  const prices = book?.runners.find((r) => r.selectionId === runner.selectionId)?.ex
  if (!prices) throw new Error('the runner has no book')
  console.log(
    `best back ${prices.availableToBack[0]?.price}, best lay ${prices.availableToLay[0]?.price}`,
  )

  // A lay at 1.01 rests: nobody backs that short.
  const placed = await sports<Report>('placeOrders', {
    marketId: market.marketId,
    instructions: [
      {
        orderType: 'LIMIT',
        selectionId: runner.selectionId,
        side: 'LAY',
        limitOrder: { size: 100, price: 1.01, persistenceType: 'LAPSE' },
      },
    ],
    customerRef: `bot-${Date.now()}`,
  })
  const [report] = placed.instructionReports
  if (!report) throw new Error('placeOrders gave no report')
  const betId = report.betId
  console.log(`placed ${placed.status}: bet ${betId}, ${report.orderStatus}`)
  await stream.seen(betId, 'E')
  console.log(`stream: bet ${betId} executable`)
  const replaced = await sports<Report>('replaceOrders', {
    marketId: market.marketId,
    instructions: [{ betId, newPrice: 1.02 }],
  })
  const moved = replaced.instructionReports[0]?.placeInstructionReport.betId
  console.log(`replaced ${replaced.status}: now bet ${moved} at 1.02`)
  const current = await sports<Orders>('listCurrentOrders', { betIds: [moved] })
  const listed = current.currentOrders.map((o) => `${o.betId} ${o.status} ${o.priceSize.price}`)
  console.log(`current: ${listed.join(', ')}`)
  const cancelled = await sports<Report>('cancelOrders', { marketId: market.marketId })
  console.log(`cancelled ${cancelled.status}: ${cancelled.instructionReports.length} bet(s)`)
  if (moved) await stream.seen(moved, 'EC')
  console.log(`stream: bet ${moved} complete`)
  stream.close()
  await fetch(`${IDENTITY}/logout`, { method: 'POST', headers })
  console.log('logged out')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
