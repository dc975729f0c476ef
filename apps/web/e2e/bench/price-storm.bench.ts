import type { MarketDetail } from '@backlay/contract/match-details'
import { STREAM_PATH } from '@backlay/contract/stream'
import type { WebSocketRoute } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { liveCricketMatch, openBrandPage, TEST_TIMEOUT_MS } from '../support/betting'
import { browserForFile } from '../support/browser'

const browser = browserForFile()

const UPDATES_PER_SECOND = 20
const SECONDS = 10
/** Target for the event page's render-and-commit time per price update. */
const P95_TARGET_MS = 8

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number
}

/** Moves a price one hundredth either way so every message really changes the cells. */
const wobble = (price: number, i: number) =>
  Math.round((price + (i % 2 ? 0.01 : -0.01)) * 100) / 100

describe.each([false, true])('event page under a price storm, ladder open: %s', (ladder) => {
  it(
    `commits each of ${UPDATES_PER_SECOND} updates/s on 3 markets quickly`,
    async () => {
      const { matchId, markets } = await liveCricketMatch()
      let stream: WebSocketRoute | undefined
      // The stream is played by the test (the load generator); HTTP stays the real server.
      const page = await openBrandPage(
        browser(),
        'desktop',
        `/event-page/4/${matchId}`,
        undefined,
        { 'backlay.perf': '1' },
        async (context) => {
          await context.routeWebSocket(new RegExp(`${STREAM_PATH}$`), (ws) => {
            stream = ws
          })
        },
      )
      await page.getByRole('region', { name: 'Fancy' }).waitFor()
      await expect.poll(() => stream !== undefined, { timeout: 30_000 }).toBe(true)
      const socket = stream as WebSocketRoute
      const priced = markets.filter((m) => m.market_type !== 'SESSION').slice(0, 2)
      const fancies = await page.evaluate(() => document.querySelectorAll('[data-fancy]').length)
      expect(priced.length + (fancies > 0 ? 1 : 0)).toBe(3)

      if (ladder) {
        // A runner's one-click ladder open over the page, asking for its prices as it does.
        const runner = priced[0]?.runners[0]?.runnerName ?? ''
        await page
          .getByRole('button', { name: `Ladder of ${runner}` })
          .first()
          .click()
        await page
          .getByRole('dialog', { name: `${runner}: ladder` })
          .getByRole('button', { name: /^Back at / })
          .first()
          .waitFor()
      }

      const seq = new Map<string, number>()
      const next = (id: string) => {
        const n = (seq.get(id) ?? 0) + 1
        seq.set(id, n)
        return n
      }
      const pricesMessage = (m: MarketDetail, i: number) => ({
        type: 'prices',
        market_id: m.market_id,
        seq: next(m.market_id),
        runners: m.runners.map((r) => ({
          selectionId: r.selectionId,
          availableToBack: r.ex.availableToBack.map((o) => ({
            ...o,
            price: wobble(o.price, i),
            oprice: wobble(o.oprice, i),
          })),
          availableToLay: r.ex.availableToLay.map((o) => ({
            ...o,
            price: wobble(o.price, i),
            oprice: wobble(o.oprice, i),
          })),
        })),
      })
      const fancyLine = await page.evaluate(() =>
        document.querySelector('[data-fancy]')?.getAttribute('data-fancy'),
      )
      const fancyMessage = (i: number) => ({
        type: 'fancy',
        match_id: matchId,
        seq: next(`fancy:${matchId}`),
        image: false,
        removed: [],
        fancies: [
          {
            fancy_id: fancyLine,
            fancy_name: 'Storm line',
            match_id: matchId,
            BackPrice1: 100 + (i % 5),
            LayPrice1: 99 + (i % 5),
            BackSize1: 100,
            LaySize1: 100,
            category: 0,
            status: 'OPEN',
            is_active: 1,
            GameStatus: '',
            betDelay: 5,
            event_type: null,
            sort_priority: 0,
          },
        ],
      })

      await page.evaluate(() => performance.clearMeasures())
      const interval = 1000 / UPDATES_PER_SECOND
      const started = Date.now()
      for (let i = 0; i < UPDATES_PER_SECOND * SECONDS; i++) {
        for (const m of priced) socket.send(JSON.stringify(pricesMessage(m, i)))
        socket.send(JSON.stringify(fancyMessage(i)))
        const due = started + (i + 1) * interval
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())))
      }
      await page.waitForTimeout(500)
      const commits = await page.evaluate(() =>
        performance.getEntriesByName('commit:event-page').map((e) => e.duration),
      )
      const p95 = percentile(commits, 95)
      console.log(
        `event page${ladder ? ' with the ladder open' : ''}: ${commits.length} commits for ${UPDATES_PER_SECOND * SECONDS * 3} updates, ` +
          `p50 ${percentile(commits, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${Math.max(...commits).toFixed(2)} ms`,
      )
      console.log(
        `p95 / target: ${(p95 / P95_TARGET_MS).toFixed(2)} (target ${P95_TARGET_MS} ms, ${p95 <= P95_TARGET_MS ? 'met' : 'missed'})`,
      )
      // Timing is reported, not asserted (a loaded machine must not fail it); that the page
      // re-rendered for the storm at all is the functional check.
      expect(commits.length).toBeGreaterThan((UPDATES_PER_SECOND * SECONDS) / 2)
      await page.context().close()
    },
    TEST_TIMEOUT_MS,
  )
})
