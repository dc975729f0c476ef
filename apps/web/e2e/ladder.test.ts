import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findMatch,
  loginAs,
  openBrandPage,
  type Player,
  TEST_TIMEOUT_MS,
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

const PLAYER: Record<ViewportName, string> = { desktop: 'demo1', mobile: 'demo2' }

/**
 * A football match not yet in play whose match odds are open with a runner priced on both sides.
 * In play a nearly decided match prices its favourite near 1.01, where the ladder has no rows below.
 */
async function footballRunner() {
  const { matchId, picked: runner } = await findMatch(
    '1',
    // The favourite: a back at the top of its ladder waits, as the test needs.
    (m, markets) =>
      m.inplay
        ? undefined
        : markets
            .find((d) => d.market_type === 'MATCH_ODDS' && d.status === 'OPEN')
            ?.runners.filter(
              (r) => r.status === 'ACTIVE' && r.ex.availableToBack[0] && r.ex.availableToLay[0],
            )
            .sort(
              (x, y) =>
                (x.ex.availableToBack[0]?.price ?? 0) - (y.ex.availableToBack[0]?.price ?? 0),
            )[0],
    'football match with an open, priced match odds runner',
  )
  return { matchId, runner }
}

describe.each(VIEWPORT_NAMES)('the one-click ladder at %s size', (viewport) => {
  let player: Player
  let page: Page
  let match: Awaited<ReturnType<typeof footballRunner>>

  beforeAll(async () => {
    player = await loginAs(PLAYER[viewport])
    match = await footballRunner()
    page = await openBrandPage(browser(), viewport, `/event-page/1/${match.matchId}`, player)
    await page.getByRole('region', { name: 'Match Odds' }).waitFor()
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(page)).toEqual([])
    await page.context().close()
  })

  it(
    'places with one click at a price, shows the bet there, and cancels it with one click',
    async () => {
      const name = match.runner.runnerName
      await page
        .getByRole('region', { name: 'Match Odds' })
        .getByRole('button', { name: `Ladder of ${name}` })
        .click()
      const ladder = page.getByRole('dialog', { name: `${name}: ladder` })
      const backs = ladder.getByRole('button', { name: /^Back at / })
      await backs.first().waitFor()
      await expect.poll(() => backs.count()).toBe(31)

      // One-click betting is off until the player says yes, once.
      await ladder.getByRole('checkbox', { name: 'One-click betting' }).click()
      const ask = ladder.getByRole('alertdialog', { name: 'Turn on one-click betting' })
      await ask.getByRole('button', { name: 'Turn on' }).click()
      await expect(
        ladder.getByRole('checkbox', { name: 'One-click betting' }).isChecked(),
      ).resolves.toBe(true)
      const stakes = ladder.getByRole('group', { name: 'Stake' }).getByRole('button')
      await stakes.first().click()
      await expect(stakes.first().getAttribute('aria-pressed')).resolves.toBe('true')
      // The + key steps to the next stake, − back.
      await page.keyboard.press('+')
      await expect(stakes.nth(1).getAttribute('aria-pressed')).resolves.toBe('true')
      await page.keyboard.press('-')
      await expect(stakes.first().getAttribute('aria-pressed')).resolves.toBe('true')
      const stake = Number((await stakes.first().innerText()).replaceAll(',', ''))
      await saveScreenshot(page, `ladder-${viewport}`)

      // The highest price of the ladder: a back there waits for a layer.
      const top = backs.first()
      const price = ((await top.getAttribute('aria-label')) ?? '').replace('Back at ', '')
      await top.click()
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 30_000 })
        .toBe(1)
      const [bet] = await unmatchedBets(player, match.matchId)
      expect(bet).toMatchObject({ is_back: 1, stack: stake })
      const mine = ladder.getByRole('button', {
        name: new RegExp(`^Cancel your back of [\\d,.]+ at ${price.replace('.', '\\.')}$`),
      })
      await mine.waitFor({ timeout: 15_000 })
      await mine.scrollIntoViewIfNeeded()
      await saveScreenshot(page, `ladder-own-bet-${viewport}`)

      await mine.click()
      await expect
        .poll(async () => (await unmatchedBets(player, match.matchId)).length, { timeout: 15_000 })
        .toBe(0)
      await mine.waitFor({ state: 'detached', timeout: 15_000 })
      await ladder.getByRole('button', { name: 'Close' }).click()
    },
    TEST_TIMEOUT_MS,
  )
})
