import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'
import { type RunningServer, startServer } from './support/server'

const browser = browserForFile()

const PT = Date.parse('2026-11-25T10:00:00Z')
const runner = (id: number, name: string, sortPriority: number) => ({
  id,
  name,
  sortPriority,
  status: 'ACTIVE',
})

/**
 * A moment of a Betfair historical file, written the way Betfair records it: a cricket match in
 * play with its prices, trades and score. The recording has no later line, so the page holds still.
 */
const RECORDING = [
  {
    op: 'mcm',
    clk: '1',
    pt: PT,
    mc: [
      {
        id: '1.700000002',
        marketDefinition: {
          eventId: '36000002',
          eventTypeId: '4',
          marketType: 'MATCH_ODDS',
          status: 'OPEN',
          inPlay: true,
          betDelay: 5,
          marketTime: '2026-11-25T09:30:00.000Z',
          countryCode: 'IN',
          name: 'Match Odds',
          eventName: 'India v Australia',
          runners: [runner(20001, 'India', 1), runner(20002, 'Australia', 2)],
        },
        rc: [
          {
            id: 20001,
            atb: [[1.7, 3000]],
            atl: [[1.72, 2500]],
            trd: [[1.72, 13300]],
            ltp: 1.72,
            tv: 13300,
          },
          {
            id: 20002,
            atb: [[2.38, 1700]],
            atl: [[2.42, 1100]],
            trd: [[2.4, 9600]],
            ltp: 2.4,
            tv: 9600,
          },
        ],
      },
    ],
  },
  {
    op: 'ccm',
    pt: PT,
    cc: [
      {
        eventId: '36000002',
        fixtureInfo: { eventStatus: 'India batting' },
        homeTeam: { name: 'India' },
        awayTeam: { name: 'Australia' },
        matchStats: {
          inningsStats: [
            {
              inningsNum: 1,
              battingTeam: 'India',
              inningsRuns: 88,
              inningsWickets: 2,
              inningsOvers: '9.1',
            },
          ],
        },
      },
    ],
  },
]

describe('a match from the Betfair feed', () => {
  let server: RunningServer
  beforeAll(async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'backlay-betfair-')), 'recording.jsonl')
    await writeFile(file, RECORDING.map((m) => `${JSON.stringify(m)}\r\n`).join(''))
    server = await startServer({
      FEED: 'betfair-replay',
      FEED_REPLAY_FILES: file,
      FEED_TICK_MS: '0',
    })
  })
  afterAll(async () => {
    await server?.stop()
  })

  for (const viewport of VIEWPORT_NAMES) {
    it(`shows Betfair's score, trades and prices on the event page (${viewport})`, async () => {
      const context = await newAppContext(
        browser(),
        viewport,
        server.baseUrl.replace('127.0.0.1', 'localhost'),
      )
      const page = await newTrackedPage(context)
      await page.goto('/event-page/4/36000002', { waitUntil: 'domcontentloaded' })
      const centre = page.getByRole('region', { name: 'Match centre' })
      await centre.getByText('88/2 (9.1 ov)').waitFor()
      expect(await centre.innerText()).toMatch(/India batting/)
      // Nothing matched here yet; Betfair's volume is shown as Betfair's.
      expect(await centre.innerText()).toMatch(/Matched\s*0\b/)
      expect(await centre.innerText()).toMatch(/Betfair matched\s*22,900/)
      expect(await centre.innerText()).toMatch(/Betfair last traded\s*India 1\.72 · Australia 2\.4/)
      await page
        .getByRole('button', { name: /^Back India/ })
        .first()
        .waitFor()
      await saveScreenshot(page, `betfair-event-${viewport}`)
      expect(errorsOf(page)).toEqual([])
      await context.close()
    })
  }
})
