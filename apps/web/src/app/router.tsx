import { isValidElement } from 'react'
import {
  BrowserRouter,
  createRoutesFromElements,
  matchRoutes,
  Navigate,
  Route,
  Routes,
} from 'react-router'
import { lazyNamed } from '../lib/lazy-overlay'
import type { PrefetchPageData } from '../lib/page-data'
import { AppLayout } from './layout/app-layout'
import { HomeRoute } from './routes/home'

// Each page is its own chunk (shell §2: pages load on demand); the layout shows a placeholder
// while one loads. The home page, where most visits land, comes with the app: its lists start
// loading one round trip sooner. Declarative routes keep the router's data-loading machinery,
// which no page uses, out of the first download.
const policies = () => import('../features/policies/components/policy-page')
const RulesPage = lazyNamed(policies, 'RulesPage')
const ExclusionPolicyPage = lazyNamed(policies, 'ExclusionPolicyPage')
const ResponsibleGamblingPage = lazyNamed(policies, 'ResponsibleGamblingPage')
const PrivacyPolicyPage = lazyNamed(policies, 'PrivacyPolicyPage')
const CasinoFramePage = lazyNamed(
  () => import('../features/casino/components/casino-frame-page'),
  'CasinoFramePage',
)
const ReferByRoute = lazyNamed(() => import('../features/auth/components/refer-by'), 'ReferByRoute')
const ChangePasswordPage = lazyNamed(
  () => import('../features/account/components/change-password-page'),
  'ChangePasswordPage',
)
const SettingsPage = lazyNamed(
  () => import('../features/account/components/settings-page'),
  'SettingsPage',
)
const ApiAccessPage = lazyNamed(
  () => import('../features/account/components/api-access-page'),
  'ApiAccessPage',
)
const TimeSettingPage = lazyNamed(
  () => import('../features/account/components/time-setting-page'),
  'TimeSettingPage',
)
const TransactionsPage = lazyNamed(
  () => import('../features/wallet/components/transactions-page'),
  'TransactionsPage',
)
const TransactionDetailsPage = lazyNamed(
  () => import('../features/wallet/components/transaction-details-page'),
  'TransactionDetailsPage',
)
const DepositPage = lazyNamed(
  () => import('../features/wallet/components/deposit-page'),
  'DepositPage',
)
const bonuses = () => import('../features/wallet/components/bonuses-page')
const BonusesPage = lazyNamed(bonuses, 'BonusesPage')
const BonusStatementPage = lazyNamed(bonuses, 'BonusStatementPage')
const ProfitLossPage = lazyNamed(
  () => import('../features/statements/components/profit-loss-page'),
  'ProfitLossPage',
)
const ProfitLossDetailsPage = lazyNamed(
  () => import('../features/statements/components/profit-loss-details-page'),
  'ProfitLossDetailsPage',
)
const AccountStatementPage = lazyNamed(
  () => import('../features/statements/components/account-statement-page'),
  'AccountStatementPage',
)
const AccountStatementDetailsPage = lazyNamed(
  () => import('../features/statements/components/account-statement-details-page'),
  'AccountStatementDetailsPage',
)
const TransferStatementPage = lazyNamed(
  () => import('../features/statements/components/transfer-statement-page'),
  'TransferStatementPage',
)
const EventPage = lazyNamed(
  () => import('../features/event-page/components/event-page'),
  'EventPage',
)
const sports = () => import('../features/sports/components/sport-page')
const SportPage = lazyNamed(sports, 'SportPage')
const CompetitionPage = lazyNamed(sports, 'CompetitionPage')
const ElectionPage = lazyNamed(sports, 'ElectionPage')
const RacingPage = lazyNamed(
  () => import('../features/racing/components/racing-page'),
  'RacingPage',
)
const OpenBetsPage = lazyNamed(
  () => import('../features/open-bets/components/open-bets-page'),
  'OpenBetsPage',
)

const casino = <CasinoFramePage />

const routes = (
  <Route path="/" element={<AppLayout />}>
    <Route index element={<HomeRoute />} />
    <Route path="default-page" element={<HomeRoute />} />
    {/* Shell §2 casino pages: the provider's lobby or game in a frame. */}
    <Route path="casino-lobby/*" element={casino} />
    <Route path="casino-live/:gameId/:tableId" element={casino} />
    <Route path="casino_live/:id" element={casino} />
    <Route path="table-casino-live/:eventName" element={casino} />
    <Route path="livegames/:gameId?/:tableId?/:marketId?" element={casino} />
    <Route path="indian-casino/:gameId/:inplay?" element={casino} />
    <Route path="aviator" element={casino} />
    {/* The provider's Indian card games, framed under the header without side bars. */}
    <Route path="indian-card-games" element={casino} />
    {/* Shell §2 shell, account and statement pages. */}
    <Route path="ReferBy/:referCode" element={<ReferByRoute />} />
    <Route path="rules-regulations" element={<RulesPage />} />
    <Route path="exclusion-policy" element={<ExclusionPolicyPage />} />
    <Route path="responsible-gambling" element={<ResponsibleGamblingPage />} />
    <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
    <Route path="change-password" element={<ChangePasswordPage />} />
    <Route path="settings" element={<SettingsPage />} />
    <Route path="time-setting" element={<TimeSettingPage />} />
    <Route path="api-access" element={<ApiAccessPage />} />
    <Route path="transactions" element={<TransactionsPage />} />
    <Route path="transactions-details/:type/:refrenceNo" element={<TransactionDetailsPage />} />
    <Route path="deposit" element={<DepositPage />} />
    <Route path="bonuses" element={<BonusesPage />} />
    <Route path="bonus-statement" element={<BonusStatementPage />} />
    <Route path="betting-profit-loss" element={<ProfitLossPage />} />
    <Route path="betting-profit-loss-details" element={<ProfitLossDetailsPage />} />
    <Route path="account-statement" element={<AccountStatementPage />} />
    <Route path="account-statement-details" element={<AccountStatementDetailsPage />} />
    <Route path="transfer-statement" element={<TransferStatementPage />} />
    {/* Betting area (betting §2): event pages, listings, racing and open bets. */}
    <Route path="event-page/:eventTypeId/:eventId/:marketId?" element={<EventPage />} />
    <Route path="sports-page/:sportsName/:eventTypeId" element={<SportPage />} />
    <Route
      path="competition-detail-page/:competitionName/:eventTypeId/:competitionId"
      element={<CompetitionPage />}
    />
    <Route path="horse-racing" element={<RacingPage />} />
    <Route path="greyhound-racing" element={<RacingPage />} />
    <Route path="election" element={<ElectionPage />} />
    <Route path="open-bets" element={<OpenBetsPage />} />
    {/* Shell §2: any other path goes home. */}
    <Route path="*" element={<Navigate to="/" replace />} />
  </Route>
)

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>{routes}</Routes>
    </BrowserRouter>
  )
}

/**
 * Starts fetching the code of the page at `pathname` as soon as the app's code runs, instead of
 * when the first render reaches it: on a phone that is the time the shell takes to render.
 * The page's data is asked for as soon as its code is in; settles when both are.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const loads: Promise<unknown>[] = []
  for (const { route, params, pathname: matched } of matchRoutes(
    createRoutesFromElements(routes),
    pathname,
  ) ?? []) {
    const page = isValidElement(route.element) ? route.element.type : undefined
    if (typeof page === 'function' && 'preload' in page) {
      const { preload } = page as {
        preload: () => Promise<{ prefetchPageData?: PrefetchPageData }>
      }
      loads.push(
        preload().then((module) => module.prefetchPageData?.({ params, pathname: matched })),
      )
    }
  }
  return Promise.all(loads)
}
