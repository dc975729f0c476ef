import { betSettingsResponse } from '@backlay/contract/stakes'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  cancelUnmatched,
  loginAs,
  openBrandPage,
  type Player,
  post,
  prePlayMatch,
  setHandPrices,
  TEST_TIMEOUT_MS,
  toastsGone,
  toastText,
  unmatchedBets,
} from './support/betting'
import {
  browserForFile,
  errorsOf,
  saveScreenshot,
  VIEWPORT_NAMES,
  type ViewportName,
} from './support/browser'

/*
 * A bet whose price moves during the bet delay, as on Betfair: it is placed all the same, matched
 * or resting unmatched, never refused for the move; with "Match now or cancel" it matches now or
 * nothing stays.
 */

const browser = browserForFile()

const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }
const taken: string[] = []

describe.each(VIEWPORT_NAMES)('a bet whose price moves during the delay at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof prePlayMatch>>

  /** Every runner of the match odds priced by hand, the picked one at `back` (lay one tick up). */
  const priceAt = (back: number, lay: number) =>
    setHandPrices(match.marketId, [
      { selectionId: match.runner.selectionId, back, lay, size: 50_000 },
    ])

  const popup = () => page.getByRole('dialog', { name: /Place Bet|Placing Bet/ })
  const backCell = (price: number) =>
    page
      .getByRole('region', { name: 'Match Odds' })
      .getByRole('button', { name: new RegExp(`^Back ${match.runner.runnerName} ${price} `) })
      .first()

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await prePlayMatch(taken)
    taken.push(match.matchId)
    await priceAt(2, 2.02)
    page = await openBrandPage(browser(), viewport, `/event-page/2/${match.matchId}`, player)
    await backCell(2).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    await cancelUnmatched(player, match.matchId)
    await post(
      `account/${player.userId}/settings/bet`,
      { settings: { fillOrKill: false } },
      betSettingsResponse,
      player.token,
    )
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'rests a back whose price drifted during the delay, then cancels a fill-or-kill one that cannot match',
    async () => {
      await backCell(2).click()
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      await popup().getByText('Your bet is being processed...').waitFor()
      // The price drifts while the bet waits out its delay: a back at 2.00 no longer matches.
      await priceAt(1.8, 1.82)
      const rested = await toastText(page)
      expect(rested).toEqual({ ok: true, text: 'Bet placed; waiting unmatched.' })
      await toastsGone(page)
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).map((b) => b.odds))
        .toEqual([2])
      await saveScreenshot(page, `bet-delay-rested-${viewport}`)

      // Match now or cancel: at 1.90 nobody offers it, so nothing is matched and nothing rests.
      await backCell(1.8).click()
      const fillOrKill = popup().getByRole('checkbox', { name: 'Match now or cancel' })
      await fillOrKill.check()
      await expect(
        popup().getByRole('checkbox', { name: 'Keep the unmatched part in-play' }).count(),
      ).resolves.toBe(0)
      await popup().getByLabel('Odds', { exact: true }).fill('1.9')
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      await saveScreenshot(page, `bet-delay-fill-or-kill-slip-${viewport}`)
      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      const killed = await toastText(page)
      expect(killed).toEqual({
        ok: false,
        text: 'Bet cancelled: it could not be matched now at these odds.',
      })
      await toastsGone(page)
      expect((await unmatchedBets(player, match.matchId)).map((b) => b.odds)).toEqual([2])

      // The choice is remembered: the next slip opens with it, and at the shown price it matches.
      await backCell(1.8).click()
      await expect(fillOrKill.isChecked()).resolves.toBe(true)
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      expect(await toastText(page)).toEqual({ ok: true, text: 'Bet matched.' })
      await toastsGone(page)
      await saveScreenshot(page, `bet-delay-fill-or-kill-matched-${viewport}`)
    },
    TEST_TIMEOUT_MS,
  )
})
