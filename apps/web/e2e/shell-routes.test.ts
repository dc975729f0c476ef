import { menuResponse } from '@backlay/contract/menu'
import { describe, expect, it } from 'vitest'
import { apiUrl, browserForFile, errorsOf, openPage, VIEWPORT_NAMES } from './support/browser'
import { apiLogin, registerPlayer, SLOW_TEST_MS, storedSession } from './support/shell'

const browser = browserForFile()

/** Real ids for the pages that show one competition or event. */
const menuIds = async () => {
  const menu = menuResponse.parse(await (await fetch(apiUrl('menu'))).json()).data
  const cricket = menu.find((m) => m.sport_id === '4')
  const competition = cricket?.children[0]
  const match = competition?.children.find((m) => m.market_id)
  if (!competition || !match?.market_id) throw new Error('the menu has no cricket competition')
  return { competition, match }
}

/** Pages whose heading names them (shell and account pages). */
const HEADED: [path: string, heading: string][] = [
  ['/rules-regulations', 'Rules & Regulations'],
  ['/exclusion-policy', 'Exclusion Policy'],
  ['/responsible-gambling', 'Responsible Gambling'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/change-password', 'Change Password'],
  ['/settings', 'Settings'],
  ['/time-setting', 'Time Settings'],
  ['/transactions', 'Transactions'],
  ['/deposit', 'Deposit'],
  ['/bonuses', 'Bonuses'],
  ['/bonus-statement', 'Bonus Statement'],
  ['/betting-profit-loss', 'Betting Profit & Loss'],
  ['/account-statement', 'Account Statement'],
  ['/transfer-statement', 'Transfer Statement'],
]

/** Pages other features draw: the check is that the route exists (the path is kept). */
const OTHER_PAGES = [
  '/default-page',
  '/sports-page/Cricket/4',
  '/sports-page/Sportsbook/0',
  '/horse-racing',
  '/greyhound-racing',
  '/election',
  '/indian-card-games',
  '/open-bets',
  '/casino-lobby/casino',
  '/casino-lobby/slot-games/Rubyplay',
  '/casino-live/SPB-aviator/SPB',
  '/livegames/aura/FAWK',
  '/aviator',
]

describe.each(VIEWPORT_NAMES)('shell routes at %s size', { timeout: SLOW_TEST_MS }, (viewport) => {
  // About thirty pages one after another (each step still fails after ACTION_TIMEOUT_MS).
  it(
    'renders every page of shell §2 for a logged-in player',
    async () => {
      const player = await registerPlayer()
      const session = storedSession(await apiLogin(player.user_name, player.password))
      const { competition, match } = await menuIds()
      const page = await openPage(browser(), { viewport, localStorage: session })
      await page.getByRole('banner').waitFor()

      for (const [path, heading] of HEADED) {
        await page.goto(path, { waitUntil: 'domcontentloaded' })
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
        expect(new URL(page.url()).pathname).toBe(path)
      }
      const dynamic = [
        `/competition-detail-page/${encodeURIComponent(competition.series_name)}/4/${competition.series_id}`,
        `/event-page/4/${match.match_id}/${match.market_id}`,
      ]
      for (const path of [...OTHER_PAGES, ...dynamic]) {
        await page.goto(path, { waitUntil: 'domcontentloaded' })
        await page.locator('main').waitFor()
        // Unknown paths are sent to / at once; a known page keeps its path.
        await page.waitForTimeout(300)
        expect(new URL(page.url()).pathname, path).toBe(new URL(path, page.url()).pathname)
      }
      expect(errorsOf(page)).toEqual([])
      await page.context().close()
    },
    4 * SLOW_TEST_MS,
  )

  it('sends an unknown path to / and a referral link home with sign-up open', async () => {
    const page = await openPage(browser(), { viewport, path: '/no/such/page' })
    await page.waitForURL((url) => url.pathname === '/')

    await page.goto('/ReferBy/friend42', { waitUntil: 'domcontentloaded' })
    const dialog = page.getByRole('dialog', { name: 'Sign Up' })
    await dialog.getByRole('tab', { name: 'Create an account', selected: true }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/')
    await expect(dialog.getByLabel('Promo Code (optional)').inputValue()).resolves.toBe('friend42')
    await page.context().close()
  })

  it('asks a guest to log in on account pages', async () => {
    const page = await openPage(browser(), { viewport, path: '/account-statement' })
    await page.getByText('Please log in to see this page.').waitFor()
    await page.context().close()
  })
})
