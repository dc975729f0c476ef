// @vitest-environment jsdom

import type { MatchStats } from '@backlay/contract/match-details'
import { cleanup, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { MatchCentreView } from './match-centre'

const stats = (over: Partial<MatchStats>): MatchStats => ({
  eventId: '35000002',
  eventTypeId: '4',
  updatedAt: '2026-11-25T10:07:30.000Z',
  teams: [
    { name: 'India', score: '' },
    { name: 'Australia', score: '' },
  ],
  summary: 'In play',
  facts: [
    { label: 'Competition', value: 'Cricket IN' },
    { label: 'Matched', value: '1,200' },
  ],
  ...over,
})

const show = (s: MatchStats) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MatchCentreView stats={s} />
    </I18nextProvider>,
  )

describe('MatchCentreView', () => {
  afterEach(cleanup)

  it('shows the live score with the feed status, and Betfair’s trades beside ours', () => {
    show(
      stats({
        teams: [
          { name: 'India', score: '88/2 (9.1 ov)' },
          { name: 'Australia', score: '' },
        ],
        summary: 'India batting',
        facts: [
          { label: 'Matched', value: '1,200' },
          { label: 'Betfair matched', value: '22,900' },
          { label: 'Betfair last traded', value: 'India 1.72 · Australia 2.4' },
        ],
      }),
    )
    const centre = screen.getByRole('region', { name: 'Match centre' })
    expect(centre.textContent).toContain('India88/2 (9.1 ov)')
    expect(centre.textContent).toContain('India batting')
    expect(screen.getByText('Betfair matched').nextSibling?.textContent).toBe('22,900')
    expect(screen.getByText('Betfair last traded').nextSibling?.textContent).toBe(
      'India 1.72 · Australia 2.4',
    )
  })

  it('without scores shows only the money matched, and the server’s English summary not at all', () => {
    show(stats({}))
    expect(screen.getByText('Matched').nextSibling?.textContent).toBe('1,200')
    expect(screen.queryByText('In play')).toBeNull()
    expect(screen.queryByText('Competition')).toBeNull()
  })

  it('draws nothing when it has nothing to add', () => {
    const { container } = show(stats({ facts: [] }))
    expect(container.innerHTML).toBe('')
  })
})
