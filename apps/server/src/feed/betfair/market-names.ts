import { z } from 'zod'
import { httpsPost } from './https-post'
import type { SessionSource } from './session-token'

/** What the stream leaves out of a market definition: the names. */
export interface MarketNames {
  marketName: string
  eventName: string | null
  runners: ReadonlyMap<number, string>
}

export interface BettingApiSettings {
  /** Base of Betfair's betting REST API, ending in '/'. */
  url: string
  appKey: string
  ca?: string
}

/** Markets a catalogue call asks for: EVENT and RUNNER_DESCRIPTION weigh nothing against the limit. */
export const NAMES_PER_CALL = 100

const catalogueAnswer = z.array(
  z.object({
    marketId: z.string(),
    marketName: z.string(),
    event: z.object({ name: z.string() }).optional(),
    runners: z
      .array(z.object({ selectionId: z.number().int(), runnerName: z.string() }))
      .default([]),
  }),
)

/** Names of up to NAMES_PER_CALL markets from the betting API's listMarketCatalogue. */
export async function listMarketNames(
  settings: BettingApiSettings,
  session: SessionSource,
  marketIds: readonly string[],
): Promise<Map<string, MarketNames>> {
  const { status, json } = await httpsPost(
    `${settings.url}listMarketCatalogue/`,
    JSON.stringify({
      filter: { marketIds },
      marketProjection: ['EVENT', 'RUNNER_DESCRIPTION'],
      maxResults: marketIds.length,
    }),
    {
      ...(settings.ca ? { ca: settings.ca } : {}),
      headers: {
        'X-Application': settings.appKey,
        'X-Authentication': await session.token(),
        'content-type': 'application/json',
      },
    },
  )
  const answer = catalogueAnswer.safeParse(json)
  if (!answer.success) throw new Error(`betfair listMarketCatalogue: HTTP ${status}`)
  return new Map(
    answer.data.map((m) => [
      m.marketId,
      {
        marketName: m.marketName,
        eventName: m.event?.name ?? null,
        runners: new Map(m.runners.map((r) => [r.selectionId, r.runnerName])),
      },
    ]),
  )
}
