// @vitest-environment jsdom

import type { MenuItem } from '@backlay/contract/menu'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { menuQueryOptions } from '../api/get-menu'
import { MobileBottomBar } from './mobile-bottom-bar'

const sport = (sport_id: string, name: string): MenuItem => ({ sport_id, name, children: [] })

function renderBar(menu: MenuItem[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(menuQueryOptions.queryKey, menu)
  render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MobileBottomBar />
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  )
}

afterEach(cleanup)

describe('MobileBottomBar', () => {
  it('links a racing sport the menu carries and offers Coming Soon for one it does not', async () => {
    renderBar([sport('4', 'Cricket'), sport('7', 'Horse Racing')])
    expect(screen.getByRole('link', { name: 'Horse Racing' }).getAttribute('href')).toBe(
      '/horse-racing',
    )
    expect(screen.queryByRole('link', { name: 'Greyhound Racing' })).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Greyhound Racing' }))
    const popup = await screen.findByRole('dialog', { name: 'Coming Soon' })
    expect(popup.textContent).toContain('Greyhound Racing is not yet available.')

    fireEvent.click(screen.getByRole('button', { name: 'OK' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
