import { once } from 'node:events'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { loopbackCertificate } from '../../test/test-certificates'

export interface CatalogueEntry {
  marketName: string
  eventName: string
  runners: Record<number, string>
}

/**
 * Betfair's betting REST API as a test server, answering listMarketCatalogue from `catalogue`
 * (what a market id names) the way Betfair does: only the markets it knows, in one array.
 */
export async function fakeBettingApi(catalogue: Record<string, CatalogueEntry>) {
  const pems = await loopbackCertificate('fake-betting-api')
  const calls: { path: string; session: string | undefined; marketIds: string[] }[] = []
  const server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    let body = ''
    req.on('data', (chunk) => {
      body += chunk
    })
    req.on('end', () => {
      const marketIds = (JSON.parse(body) as { filter: { marketIds: string[] } }).filter.marketIds
      calls.push({
        path: req.url ?? '',
        session: req.headers['x-authentication'] as string | undefined,
        marketIds,
      })
      res.setHeader('content-type', 'application/json')
      res.end(
        JSON.stringify(
          marketIds.flatMap((marketId) => {
            const entry = catalogue[marketId]
            if (!entry) return []
            return [
              {
                marketId,
                marketName: entry.marketName,
                event: { name: entry.eventName },
                runners: Object.entries(entry.runners).map(([id, runnerName]) => ({
                  selectionId: Number(id),
                  runnerName,
                })),
              },
            ]
          }),
        ),
      )
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/exchange/betting/rest/v1.0/`,
    certificate: pems.cert,
    calls,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}
