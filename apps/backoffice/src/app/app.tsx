import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router'
import { i18n } from '../lib/i18n'
import { ConsoleLayout } from './layout'

const router = createBrowserRouter(
  [
    {
      path: '/login',
      lazy: async () => ({
        Component: (await import('../features/auth/components/login-page')).LoginPage,
      }),
    },
    {
      path: '/',
      Component: ConsoleLayout,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        {
          path: 'dashboard',
          lazy: async () => ({
            Component: (await import('../features/dashboard/components/dashboard-page'))
              .DashboardPage,
          }),
        },
        {
          path: 'reports',
          lazy: async () => ({
            Component: (await import('../features/reports/components/reports-page')).ReportsPage,
          }),
        },
        {
          path: 'alerts',
          lazy: async () => ({
            Component: (await import('../features/alerts/components/alerts-page')).AlertsPage,
          }),
        },
        {
          path: 'feed',
          lazy: async () => ({
            Component: (await import('../features/feed/components/feed-page')).FeedPage,
          }),
        },
        {
          path: 'markets',
          lazy: async () => ({
            Component: (await import('../features/markets/components/markets-page')).MarketsPage,
          }),
        },
        {
          path: 'events/:eventId',
          lazy: async () => ({
            Component: (await import('../features/markets/components/event-page')).EventPage,
          }),
        },
        {
          path: 'markets/:marketId/risk',
          lazy: async () => ({
            Component: (await import('../features/markets/components/risk-page')).RiskPage,
          }),
        },
        {
          path: 'players',
          lazy: async () => ({
            Component: (await import('../features/players/components/players-page')).PlayersPage,
          }),
        },
        {
          path: 'players/:playerId',
          lazy: async () => ({
            Component: (await import('../features/players/components/player-page')).PlayerPage,
          }),
        },
        {
          path: 'payments',
          lazy: async () => ({
            Component: (await import('../features/payments/components/payments-page')).PaymentsPage,
          }),
        },
        {
          path: 'brands',
          lazy: async () => ({
            Component: (await import('../features/brands/components/brands-page')).BrandsPage,
          }),
        },
        {
          path: 'audit',
          lazy: async () => ({
            Component: (await import('../features/audit/components/audit-page')).AuditPage,
          }),
        },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ],
  { basename: '/backoffice' },
)

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 2_000, retry: 1 } } }),
  )
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  )
}
