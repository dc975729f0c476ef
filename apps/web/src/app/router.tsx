import { createBrowserRouter, Navigate } from 'react-router'
import { AppLayout } from './layout/app-layout'
import { PageLoading } from './layout/page-loading'

// Each page is its own chunk (shell §2: pages load on demand).
const home = async () => ({ Component: (await import('./routes/home')).HomeRoute })
/** A lazy page: `page(() => import('…'), 'Name')` loads the module on first visit. */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as React.ComponentType })
const policies = () => import('../features/policies/components/policy-page')
const casino = async () => ({
  Component: (await import('../features/casino/components/casino-frame-page')).CasinoFramePage,
})

export const router = createBrowserRouter([
  {
    path: '/',
    Component: AppLayout,
    HydrateFallback: PageLoading,
    children: [
      { index: true, lazy: home },
      { path: 'default-page', lazy: home },
      // Shell §2 casino pages: the provider's lobby or game in a frame.
      { path: 'casino-lobby/*', lazy: casino },
      { path: 'casino-live/:gameId/:tableId', lazy: casino },
      { path: 'casino_live/:id', lazy: casino },
      { path: 'table-casino-live/:eventName', lazy: casino },
      { path: 'livegames/:gameId?/:tableId?/:marketId?', lazy: casino },
      { path: 'indian-casino/:gameId/:inplay?', lazy: casino },
      { path: 'aviator', lazy: casino },
      // The provider's Indian card games, framed under the header without side bars.
      { path: 'indian-card-games', lazy: casino },
      // Shell §2 shell, account and statement pages.
      {
        path: 'ReferBy/:referCode',
        lazy: page(() => import('../features/auth/components/refer-by'), 'ReferByRoute'),
      },
      { path: 'rules-regulations', lazy: page(policies, 'RulesPage') },
      { path: 'exclusion-policy', lazy: page(policies, 'ExclusionPolicyPage') },
      { path: 'responsible-gambling', lazy: page(policies, 'ResponsibleGamblingPage') },
      { path: 'privacy-policy', lazy: page(policies, 'PrivacyPolicyPage') },
      {
        path: 'change-password',
        lazy: page(
          () => import('../features/account/components/change-password-page'),
          'ChangePasswordPage',
        ),
      },
      {
        path: 'settings',
        lazy: page(() => import('../features/account/components/settings-page'), 'SettingsPage'),
      },
      {
        path: 'time-setting',
        lazy: page(
          () => import('../features/account/components/time-setting-page'),
          'TimeSettingPage',
        ),
      },
      {
        path: 'transactions',
        lazy: page(
          () => import('../features/wallet/components/transactions-page'),
          'TransactionsPage',
        ),
      },
      {
        path: 'transactions-details/:type/:refrenceNo',
        lazy: page(
          () => import('../features/wallet/components/transaction-details-page'),
          'TransactionDetailsPage',
        ),
      },
      {
        path: 'deposit',
        lazy: page(() => import('../features/wallet/components/deposit-page'), 'DepositPage'),
      },
      {
        path: 'bonuses',
        lazy: page(() => import('../features/wallet/components/bonuses-page'), 'BonusesPage'),
      },
      {
        path: 'bonus-statement',
        lazy: page(
          () => import('../features/wallet/components/bonuses-page'),
          'BonusStatementPage',
        ),
      },
      {
        path: 'betting-profit-loss',
        lazy: page(
          () => import('../features/statements/components/profit-loss-page'),
          'ProfitLossPage',
        ),
      },
      {
        path: 'betting-profit-loss-details',
        lazy: page(
          () => import('../features/statements/components/profit-loss-details-page'),
          'ProfitLossDetailsPage',
        ),
      },
      {
        path: 'account-statement',
        lazy: page(
          () => import('../features/statements/components/account-statement-page'),
          'AccountStatementPage',
        ),
      },
      {
        path: 'account-statement-details',
        lazy: page(
          () => import('../features/statements/components/account-statement-details-page'),
          'AccountStatementDetailsPage',
        ),
      },
      {
        path: 'transfer-statement',
        lazy: page(
          () => import('../features/statements/components/transfer-statement-page'),
          'TransferStatementPage',
        ),
      },
      // Betting area (betting §2): event pages, listings, racing and open bets.
      {
        path: 'event-page/:eventTypeId/:eventId/:marketId?',
        lazy: async () => ({
          Component: (await import('../features/event-page/components/event-page')).EventPage,
        }),
      },
      {
        path: 'sports-page/:sportsName/:eventTypeId',
        lazy: async () => ({
          Component: (await import('../features/sports/components/sport-page')).SportPage,
        }),
      },
      {
        path: 'competition-detail-page/:competitionName/:eventTypeId/:competitionId',
        lazy: async () => ({
          Component: (await import('../features/sports/components/sport-page')).CompetitionPage,
        }),
      },
      {
        path: 'horse-racing',
        lazy: async () => ({
          Component: (await import('../features/racing/components/racing-page')).RacingPage,
        }),
      },
      {
        path: 'greyhound-racing',
        lazy: async () => ({
          Component: (await import('../features/racing/components/racing-page')).RacingPage,
        }),
      },
      {
        path: 'election',
        lazy: async () => ({
          Component: (await import('../features/sports/components/sport-page')).ElectionPage,
        }),
      },
      {
        path: 'open-bets',
        lazy: async () => ({
          Component: (await import('../features/open-bets/components/open-bets-page')).OpenBetsPage,
        }),
      },
      // Shell §2: any other path goes home.
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
])
