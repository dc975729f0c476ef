import { readFile } from 'node:fs/promises'
import {
  adminLoginResponse,
  balanceChangedResponse,
  eventsResponse,
  playerResponse,
} from '@backlay/contract/admin'
import { balanceResponse } from '@backlay/contract/balance'
import { saveBetResponse, settledBetsResponse } from '@backlay/contract/bets'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { openSection, signInToConsole } from './support/backoffice'
import {
  apiUrl,
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
} from './support/browser'
import { apiLogin } from './support/shell'

const browser = browserForFile()

const EVENT = `Mumbai Mavericks v Delhi Dynamos ${Date.now().toString(36)}`
const HOME = 'Mumbai Mavericks'
const STAKE = 500
/** ₹500 backed at 2.00 wins ₹500, less the exchange's 2% commission on net winnings. */
const WIN = 490
const FUNDS = 10_000
/** Generous: the browser shares two cores with the server, its feed and other runs. */
const TEST_TIMEOUT_MS = 180_000

async function call<S extends z.ZodType>(
  method: 'GET' | 'POST',
  path: string,
  schema: S,
  token: string,
  body?: unknown,
): Promise<z.output<S>> {
  const res = await fetch(apiUrl(path), {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = await res.json()
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${JSON.stringify(json)}`)
  return schema.parse(json)
}

describe('back office at 1280×800: an operator runs a market from creation to settlement', () => {
  let desk: Page
  let adminToken: string
  let player: { id: string; token: string; userName: string }
  let marketId: string

  beforeAll(async () => {
    const login = await fetch(apiUrl('admin/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userName: 'operator1', password: 'Password1' }),
    })
    adminToken = adminLoginResponse.parse(await login.json()).data.token
    // A player of the brand this host serves, funded by the operator through the ledger.
    const userName = `bo${Date.now().toString(36)}`
    const created = await call('POST', 'admin/players', playerResponse, adminToken, {
      userName,
      name: 'Risk Test Punter',
      password: 'Secret123',
      brandId: 'default',
    })
    await call(
      'POST',
      `admin/players/${created.data.id}/adjust`,
      balanceChangedResponse,
      adminToken,
      {
        direction: 'credit',
        amount: FUNDS,
        reason: 'Test funds',
      },
    )
    const session = await apiLogin(userName, 'Secret123')
    player = { id: created.data.id, token: session.token?.accessToken ?? '', userName }

    desk = await newTrackedPage(await newAppContext(browser()))
    await desk.goto('/backoffice/', { waitUntil: 'domcontentloaded' })
  }, TEST_TIMEOUT_MS)

  afterAll(async () => {
    expect(errorsOf(desk)).toEqual([])
    await desk.context().close()
  }, TEST_TIMEOUT_MS)

  it(
    'signs in and creates a cricket event with a match odds market',
    async () => {
      await signInToConsole(desk)
      await openSection(desk, 'Markets')
      await desk.getByRole('heading', { name: 'Markets' }).waitFor()

      await desk.getByRole('button', { name: 'New event' }).click()
      const dialog = desk.getByRole('dialog', { name: 'New event' })
      await dialog.getByLabel('Sport').selectOption({ label: 'Cricket' })
      await dialog.getByLabel('New competition name').fill('Back Office Trophy')
      await dialog.getByLabel('Event name').fill(EVENT)
      const tomorrow = new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000)
        .toISOString()
        .slice(0, 16)
      await dialog.getByLabel('Start').fill(tomorrow)
      await dialog.getByLabel('Runners (one per line)').fill(`${HOME}\nDelhi Dynamos`)
      await dialog.getByLabel('Bet delay (s)').fill('1')
      await dialog.getByRole('button', { name: 'Create event' }).click()

      await desk.getByRole('heading', { name: EVENT }).waitFor()
      const market = desk.getByRole('article', { name: 'Match Odds' })
      await market.getByText('Suspended', { exact: true }).first().waitFor()

      // Reference prices for the market maker, then open the market.
      const prices = market.getByRole('form', { name: 'Prices by hand' })
      for (const row of [0, 1]) {
        await prices.getByLabel('Back').nth(row).fill('2')
        await prices.getByLabel('Lay').nth(row).fill('2.02')
      }
      await prices.getByLabel('Size (₹)').fill('10000')
      await prices.getByRole('button', { name: 'Set prices' }).click()
      await market.getByRole('cell', { name: '2.02' }).first().waitFor()
      await market.getByRole('button', { name: 'Resume', exact: true }).click()
      await market.getByRole('button', { name: 'Suspend', exact: true }).waitFor()

      await openSection(desk, 'Markets')
      await desk.getByLabel('Search events').fill(EVENT)
      await desk.getByRole('link', { name: EVENT }).waitFor()
      await saveScreenshot(desk, 'backoffice-markets-list')

      const events = await call(
        'GET',
        `admin/events?search=${encodeURIComponent(EVENT)}`,
        eventsResponse,
        adminToken,
      )
      marketId = events.data.list[0]?.markets[0]?.id ?? ''
      expect(events.data.list[0]).toMatchObject({ sportName: 'Cricket', status: 'UPCOMING' })
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'shows the player’s back in the risk view',
    async () => {
      const placed = await call('POST', 'bet/saveBet', saveBetResponse, player.token, {
        is_back: 1,
        market_id: marketId,
        odds: 2,
        selection_id: '1',
        stack: STAKE,
      })
      expect(placed.data).toMatchObject({ status: 'MATCHED', matched_stack: STAKE })

      await desk.getByRole('link', { name: EVENT }).click()
      await desk
        .getByRole('article', { name: 'Match Odds' })
        .getByRole('link', { name: 'Risk' })
        .click()
      const book = desk.getByRole('table', { name: 'House book' })
      await book.getByRole('row', { name: new RegExp(`${HOME}.*−₹500\\.00`) }).waitFor()
      await book.getByRole('row', { name: /Delhi Dynamos.*\+₹500\.00/ }).waitFor()
      const top = desk.getByRole('table', { name: 'Most exposed players' })
      await top.getByRole('row', { name: new RegExp(`${player.userName}.*₹500\\.00`) }).waitFor()
      await saveScreenshot(desk, 'backoffice-risk-view')
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'declares the result: the player’s balance and settled bets show the win',
    async () => {
      await desk.goBack()
      const market = desk.getByRole('article', { name: 'Match Odds' })
      await market.getByLabel('Winner').selectOption({ label: HOME })
      await market.getByRole('button', { name: 'Declare result' }).click()
      await market
        .getByRole('status')
        .filter({ hasText: /^Settled/ })
        .waitFor()
      await market.getByText(`Winner: ${HOME}`).waitFor()

      const balance = await call('POST', 'user/getBalanceCRef', balanceResponse, player.token, {})
      expect(balance.data).toMatchObject({ balance: FUNDS + WIN, liability: 0 })
      const settled = await call('POST', 'bet/settledBets', settledBetsResponse, player.token, {
        limit: 150,
      })
      expect(settled.data.list).toEqual([expect.objectContaining({ market_id: marketId })])

      // The back office's player page: the win in the ledger, the bet settled as won.
      await desk.goto(`/backoffice/players/${player.id}`, { waitUntil: 'domcontentloaded' })
      await desk.getByTestId('player-balance').getByText('₹10,490.00').waitFor()
      await desk
        .getByRole('table', { name: 'Bets' })
        .getByRole('row', { name: new RegExp(`${HOME}.*WON.*\\+₹500\\.00`) })
        .waitFor()
      await desk.getByRole('table', { name: 'Ledger' }).getByText('bet.settlement').waitFor()
      await saveScreenshot(desk, 'backoffice-player-page', { fullPage: true })
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'shows the business on the dashboard, and the market in the P/L report and its CSV',
    async () => {
      const sections = desk.getByRole('navigation', { name: 'Sections' })
      await sections.getByRole('link', { name: 'Dashboard' }).click()
      await desk.getByRole('heading', { name: 'Dashboard' }).waitFor()
      const figures = desk.getByRole('table').first()
      await figures.getByRole('columnheader', { name: 'Last 7 days' }).waitFor()
      await figures.getByRole('rowheader', { name: 'Exchange commission' }).waitFor()
      // Both charts drew their 30 days.
      await desk.locator('.recharts-surface').nth(1).waitFor()
      expect(await desk.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0)
      await desk.getByRole('heading', { name: 'Top markets by exposure now' }).waitFor()
      await saveScreenshot(desk, 'backoffice-dashboard', { fullPage: true })

      await sections.getByRole('link', { name: 'Reports' }).click()
      await desk.getByRole('heading', { name: 'Reports' }).waitFor()
      await desk.getByRole('tab', { name: 'P/L by market', selected: true }).waitFor()
      await desk.getByLabel('Market id').fill(marketId)
      // ₹500 matched; the player won ₹500 and paid 2% of it as commission.
      const row = desk.getByRole('row', { name: new RegExp(EVENT) })
      await row.waitFor()
      expect(await row.getByRole('cell').allInnerTexts()).toEqual(
        expect.arrayContaining(['₹500.00', '₹490.00', '₹10.00', marketId, 'MATCH_ODDS']),
      )
      await saveScreenshot(desk, 'backoffice-report-market-pl')

      const [download] = await Promise.all([
        desk.waitForEvent('download'),
        desk.getByRole('button', { name: 'Download CSV' }).click(),
      ])
      expect(download.suggestedFilename()).toMatch(
        /^market-pl_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
      )
      const csv = await readFile(await download.path(), 'utf8')
      const [header, line, ...rest] = csv.trim().split('\n')
      expect(rest).toEqual([])
      expect(header).toMatch(/^Settled,Sport,Event,Market,Market id,Type,Players,Bets,Turnover/)
      expect(line).toContain(`${marketId},MATCH_ODDS,1,1,500.00,490.00,10.00`)
    },
    TEST_TIMEOUT_MS,
  )

  it(
    'sets an alert up, refuses a bad webhook, and switches it off',
    async () => {
      await openSection(desk, 'Alerts')
      await desk.getByRole('heading', { name: 'Alerts' }).waitFor()
      await desk.getByLabel('Condition').selectOption({ label: 'Settlement late' })
      await desk.getByLabel('Unsettled for (minutes)').fill('45')
      await desk.getByLabel('Webhook URL (optional)').fill('ftp://ops.example/hook')
      await desk.getByRole('button', { name: 'Add alert' }).click()
      await desk.getByText('Enter an http(s) address.').waitFor()
      await desk.getByLabel('Webhook URL (optional)').fill('')
      await desk.getByRole('button', { name: 'Add alert' }).click()
      const rule = desk.getByRole('row', { name: /Settlement late.*45 min.*All brands/ })
      await rule.getByRole('cell', { name: 'On', exact: true }).waitFor()
      await saveScreenshot(desk, 'backoffice-alerts')
      await rule.getByRole('button', { name: 'Switch off' }).click()
      await rule.getByRole('cell', { name: 'Off', exact: true }).waitFor()
      // An amount threshold in the money format of every other amount.
      await desk.getByLabel('Condition').selectOption({ label: 'Market exposure' })
      await desk.getByLabel('Exposure above (₹)').fill('759690')
      await desk.getByRole('button', { name: 'Add alert' }).click()
      const exposure = desk.getByRole('row', { name: /Market exposure/ })
      await exposure.getByRole('cell', { name: '₹7,59,690.00', exact: true }).waitFor()
      await exposure.getByRole('button', { name: 'Switch off' }).click()
    },
    TEST_TIMEOUT_MS,
  )
})
