// @vitest-environment jsdom

import type { Runner } from '@backlay/contract/market'
import type { HomeMatch } from '@backlay/contract/matches'
import { cleanup, render, screen, within } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MatchRow } from './match-row'

const runner = (name: string, sort_priority: number, back?: number, lay?: number): Runner => ({
  selectionId: name,
  runnerName: name,
  selection_name: name,
  sort_priority,
  status: 'ACTIVE',
  ex: {
    availableToBack: back ? [{ price: back, size: 123_456.2 }] : [],
    availableToLay: lay ? [{ price: lay, size: 980 }] : [],
    tradedVolume: 0,
  },
  metadata: null,
})

const match = (overrides: Partial<HomeMatch>): HomeMatch => ({
  match_id: '101',
  match_name: 'India v Australia',
  sport_id: '4',
  series_id: '9',
  series_name: 'ICC Champions Trophy',
  market_id: '1.101',
  market_name: 'Match Odds',
  market_type: 'MATCH_ODDS',
  match_date: '2026-11-23T09:00:00.000Z',
  market_start_time: '2026-11-23T09:00:00.000Z',
  inplay: false,
  status: 'OPEN',
  has_bookmaker: false,
  has_fancy: false,
  venue: null,
  country_code: null,
  runners: [runner('India', 1, 1.8, 1.81), runner('Australia', 2, 2.2)],
  ...overrides,
})

const renderRow = (m: HomeMatch) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ul>
          <MatchRow match={m} />
        </ul>
      </MemoryRouter>
    </I18nextProvider>,
  )

afterEach(cleanup)

describe('MatchRow', () => {
  it('links to the event page of its main market and shows the start in India time', () => {
    renderRow(match({}))
    const link = screen.getByRole('link', { name: 'India v Australia' })
    expect(link.getAttribute('href')).toBe('/event-page/4/101/1.101')
    expect(screen.getByText('23 Nov 14:30')).toBeTruthy()
    expect(screen.queryByText('In-Play')).toBeNull()
  })

  it('marks an in-play match', () => {
    renderRow(match({ inplay: true }))
    expect(screen.getByText('In-Play')).toBeTruthy()
  })

  it('shows best prices with Indian-grouped sizes and dashes where nothing is offered', () => {
    renderRow(match({}))
    // Each cell reads as a price line over a size line; columns are 1, X, 2.
    const lines = (side: string) =>
      screen.getAllByTitle(side).map((cell) => [...cell.children].map((line) => line.textContent))
    expect(lines('Back')).toEqual([['1.8', '1,23,457'], ['–'], ['2.2', '1,23,457']])
    expect(lines('Lay')).toEqual([['1.81', '980'], ['–'], ['–']])
  })

  it('covers the prices of a suspended market', () => {
    renderRow(match({ status: 'SUSPENDED' }))
    expect(within(screen.getByRole('listitem')).getByText('Suspended')).toBeTruthy()
  })
})
