import { saveBetResponse, teamPositionResponse } from '@backlay/contract/bets'
import { type MarketDetail, matchDetailsResponse } from '@backlay/contract/match-details'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../src/lib/format'
import {
  amount,
  liveCricketMatch,
  loginAs,
  openBets,
  openBrandPage,
  type Player,
  post,
  showOpenBets,
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

const browser = browserForFile()

/** Desktop and mobile bet as different players so their positions never mix. */
const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }

const positions = async (player: Player, matchId: string) =>
  (await post('bet/getTeamPosition', { match_id: matchId }, teamPositionResponse, player.token))
    .data

describe.each(VIEWPORT_NAMES)('placing bets at %s size', (viewport) => {
  let player: Player
  let page: Page
  let matchId: string
  let odds: MarketDetail

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    const live = await liveCricketMatch()
    matchId = live.matchId
    odds = live.markets.find((m) => m.market_type === 'MATCH_ODDS') as MarketDetail
    page = await openBrandPage(browser(), viewport, `/event-page/4/${matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  const runnerName = (i: number) => odds.runners[i]?.runnerName as string
  const table = () => page.getByRole('region', { name: 'Match Odds' })
  const popup = () => page.getByRole('dialog', { name: /Place Bet|Placing Bet/ })

  it(
    'backs a runner at the best price: countdown, toast, open bets and exposures',
    async () => {
      await table()
        .getByRole('button', { name: new RegExp(`^Back ${runnerName(0)} \\d`) })
        .first()
        .click()
      await popup()
        .getByText(`Backing ${runnerName(0)}`)
        .waitFor()
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      const shownOdds = Number(await popup().getByLabel('Odds', { exact: true }).inputValue())
      // ₹100 at the shown odds, in whole paise as the server rounds (odds × 100 is an integer).
      const profitPaise = Math.floor((10_000 * (Math.round(shownOdds * 100) - 100)) / 100)
      expect(amount(await popup().getByTestId('slip-outcome').innerText())).toBe(profitPaise / 100)
      await saveScreenshot(page, `betting-confirm-stage1-${viewport}`)

      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      await popup().getByText('Your bet is being processed...').waitFor()
      await popup().getByText('Please Wait...').waitFor()
      await saveScreenshot(page, `betting-confirm-stage2-${viewport}`)

      const toast = await toastText(page)
      expect(toast.ok, toast.text).toBe(true)
      await popup().waitFor({ state: 'detached' })
      await toastsGone(page)

      const [bet] = await openBets(player, matchId)
      expect(bet).toMatchObject({ selection_name: runnerName(0), is_back: 1, stack: 100 })
      // The receipt: all of it matched, at the average price the open bet shows.
      const receipt = page.getByRole('region', { name: 'Bet receipt' })
      await receipt.getByText(`Back ${runnerName(0)} (Match Odds)`).waitFor()
      await receipt
        .getByText(`${formatMoney(100)} at ${Number(bet?.odds.toFixed(2))} avg`)
        .waitFor()
      await expect(receipt.getByRole('progressbar').getAttribute('aria-valuenow')).resolves.toBe(
        '100',
      )
      await saveScreenshot(page, `betting-receipt-matched-${viewport}`)
      await receipt.getByRole('button', { name: 'Close the receipt' }).click()
      await receipt.waitFor({ state: 'detached' })
      // The runner's exposure under its name follows the server's position.
      const pl = (await positions(player, matchId))[odds.market_id] ?? []
      const won = pl.find((p) => p.selection_id === odds.runners[0]?.selectionId)?.user_pl as number
      const row = table().locator(`[data-runner="${odds.runners[0]?.selectionId}"]`)
      await expect
        .poll(async () => amount(await row.getByTestId('exposure').innerText()), {
          timeout: 30_000,
        })
        .toBe(won)

      if (viewport === 'desktop') {
        await page.getByRole('tab', { name: 'Open Bets' }).click()
        const line = page
          .getByTestId('bet-line')
          .filter({ hasText: runnerName(0) })
          .first()
        await line.waitFor()
        // Selection, odds, stake, P/L, then the order-history button.
        await expect(line.locator('td').nth(3).innerText()).resolves.toBe(
          formatMoney(bet?.profit ?? 0),
        )
        await page.getByRole('tab', { name: 'Betslip' }).click()
      }
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'leaves a lay far from the market unmatched and cancels it',
    async () => {
      await table()
        .getByRole('button', { name: new RegExp(`^Lay ${runnerName(1)} \\d`) })
        .first()
        .click()
      await popup()
        .getByText(`Laying ${runnerName(1)}`)
        .waitFor()
      await popup().getByLabel('Odds', { exact: true }).fill('1.01')
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      const toast = await toastText(page)
      expect(toast.ok, toast.text).toBe(true)
      await toastsGone(page)
      expect(await unmatchedBets(player, matchId)).toHaveLength(1)
      const receipt = page.getByRole('region', { name: 'Bet receipt' })
      const part = (name: string) =>
        receipt
          .locator('dt', { hasText: new RegExp(`^${name}$`) })
          .locator('xpath=following-sibling::dd[1]')
      await expect.poll(() => part('Unmatched').innerText()).toBe(formatMoney(100))
      await expect(part('Matched').innerText()).resolves.toBe(formatMoney(0))
      await saveScreenshot(page, `betting-receipt-unmatched-${viewport}`)

      await showOpenBets(page, viewport)
      const unmatched = page.getByRole('region', { name: 'Unmatched Bets' })
      await unmatched.getByTestId('unmatched-line').first().waitFor()
      await unmatched.getByRole('button', { name: `Cancel bet on ${runnerName(1)}` }).click()
      await unmatched.getByText('You have no Unmatched Bets.').waitFor()
      expect(await unmatchedBets(player, matchId)).toHaveLength(0)
      if (viewport === 'desktop') await page.getByRole('tab', { name: 'Betslip' }).click()
      else await page.goBack()
      // The receipt followed the bet off the book.
      await expect
        .poll(() => part('Cancelled').innerText(), { timeout: 30_000 })
        .toBe(formatMoney(100))
      await expect(part('Unmatched').innerText()).resolves.toBe(formatMoney(0))
      await receipt.getByRole('button', { name: 'Close the receipt' }).click()
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'shows Liability for a session (fancy) bet',
    async () => {
      await table().waitFor()
      const fancy = page.getByRole('region', { name: 'Fancy' })
      await fancy.getByRole('button', { name: /^Yes / }).first().click()
      for (const head of ['RUNS', 'Odds(H-J)', 'Stake', 'Liability']) {
        await popup().getByRole('columnheader', { name: head, exact: true }).waitFor()
      }
      await popup().getByLabel('Stake', { exact: true }).fill('100')
      // A Yes risks its stake.
      await expect(popup().getByTestId('slip-outcome').innerText()).resolves.toBe('100.00')
      await popup()
        .getByRole('button', { name: /^Place Bet/ })
        .click()
      const toast = await toastText(page)
      expect(toast.ok, toast.text).toBe(true)
      await toastsGone(page)
      await fancy.getByTitle('Liability').first().waitFor({ timeout: 30_000 })
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'cashes out half the position: the value is shown first, then half the gap stays open',
    async () => {
      const gap = async () => {
        const pl = (await positions(player, matchId))[odds.market_id] ?? []
        const [a = 0, b = 0] = pl.map((p) => Math.round(p.user_pl * 100))
        return b - a
      }
      const before = await gap()
      const button = table().getByRole('button', { name: 'Cash Out' })
      await button.waitFor({ timeout: 30_000 })
      await button.click()
      const dialog = page.getByRole('dialog', { name: 'Cash Out' })
      const share = dialog.getByRole('slider', { name: 'Share of the position to cash out' })
      await share.focus()
      for (let step = 0; step < 5; step++) await share.press('ArrowLeft')
      await dialog.getByText('Cash out 50 % of the position').waitFor()
      await expect
        .poll(() => dialog.getByTestId('cash-out-value').innerText(), { timeout: 10_000 })
        .toMatch(/^Cash-out value: -?[\d,]+\.\d{2}$/)
      await saveScreenshot(page, `betting-partial-cash-out-${viewport}`)
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      const toast = await toastText(page)
      expect(toast).toEqual({ ok: true, text: 'Cash-out successful.' })
      await toastsGone(page)
      // The hedge's stake is rounded to the paisa: the gap may miss its half by half the odds.
      const bets = (await openBets(player, matchId)).filter((b) => b.market_id === odds.market_id)
      const hedgeOdds = Math.max(...bets.map((b) => b.odds))
      expect(Math.abs((await gap()) - before / 2)).toBeLessThanOrEqual(Math.ceil(hedgeOdds / 2) + 2)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'cashes out a two-runner match so both outcomes pay the same',
    async () => {
      const button = table().getByRole('button', { name: 'Cash Out' })
      await button.waitFor({ timeout: 30_000 })
      await button.click()
      await page
        .getByRole('dialog', { name: 'Cash Out' })
        .getByRole('button', { name: 'Confirm' })
        .click()
      const toast = await toastText(page)
      expect(toast).toEqual({ ok: true, text: 'Cash-out successful.' })
      await toastsGone(page)
      const pl = (await positions(player, matchId))[odds.market_id] ?? []
      expect(pl).toHaveLength(2)
      const paise = pl.map((p) => Math.round(p.user_pl * 100))
      // A failure shows the position and the bets behind it.
      const bets = (await openBets(player, matchId)).filter((b) => b.market_id === odds.market_id)
      const detail = JSON.stringify({ pl, bets })
      // Equal up to whole paise of hedge stake: one paisa more or less moves the outcomes apart by
      // the hedge's odds in paise (20 at 20.0), so they may stay up to half that apart, plus the
      // paisa each outcome's profit is rounded down by. The hedge is one of the market's bets.
      const hedgeOdds = Math.max(...bets.map((b) => b.odds))
      expect(Math.abs((paise[0] ?? 0) - (paise[1] ?? 1)), detail).toBeLessThanOrEqual(
        Math.ceil(hedgeOdds / 2) + 1,
      )
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'changes the open bets list with each toggle',
    async () => {
      // Two more backs at one price: Consolidated and Average Odds then have bets to merge.
      const details = await post(
        'match/matchDetailsOpen',
        { match_id: matchId, market_id: odds.market_id },
        matchDetailsResponse,
      )
      const runner = details.data[0]?.runners[0]
      const best = runner?.ex.availableToBack[0]?.oprice as number
      const back = {
        is_back: 1,
        market_id: odds.market_id,
        odds: best,
        selection_id: runner?.selectionId,
        stack: 50,
      }
      await Promise.all([
        post('bet/saveBet', back, saveBetResponse, player.token),
        post('bet/saveBet', back, saveBetResponse, player.token),
      ])
      await page.goto(new URL('/open-bets', page.url()).href, { waitUntil: 'commit' })
      const matched = page.getByRole('region', { name: 'Matched Bets' })
      await matched.getByTestId('bet-line').first().waitFor()
      const rows = async () => (await matched.getByTestId('bet-line').allInnerTexts()).join('\n')
      const plain = await rows()
      for (const toggle of ['Consolidated', 'Average Odds', 'Order By Date']) {
        await matched.getByLabel(toggle).check()
        await expect.poll(rows).not.toBe(plain)
        await matched.getByLabel(toggle).uncheck()
        await expect.poll(rows).toBe(plain)
      }
      await saveScreenshot(page, `betting-open-bets-${viewport}`, { fullPage: true })
    },
    TEST_TIMEOUT_MS,
  )
})
