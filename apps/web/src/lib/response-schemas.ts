/**
 * Each answer the site reads, by the name its API calls give, with where its schema lives. The
 * API client loads a schema with the first call that names it, not with the first screen: zod
 * and the contract's schemas are a sixth of the site's JavaScript, an answer cannot be checked
 * before it arrives anyway, and a page builds only the schemas of the calls it makes.
 */
const auth = () => import('@backlay/contract/auth')
const balance = () => import('@backlay/contract/balance')
const betSettings = () => import('@backlay/contract/bet-settings')
const bets = () => import('@backlay/contract/bets')
const bonus = () => import('@backlay/contract/bonus')
const brand = () => import('@backlay/contract/brand')
const casinoLaunch = () => import('@backlay/contract/casino-launch')
const deposit = () => import('@backlay/contract/deposit')
const matchDetails = () => import('@backlay/contract/match-details')
const matches = () => import('@backlay/contract/matches')
const menu = () => import('@backlay/contract/menu')
const priceHistory = () => import('@backlay/contract/price-history')
const racing = () => import('@backlay/contract/racing')
const search = () => import('@backlay/contract/search')
const stakes = () => import('@backlay/contract/stakes')
const statements = () => import('@backlay/contract/statements')
const timeSettings = () => import('@backlay/contract/time-settings')

export const responseSchemas = {
  accountStatementDetailsResponse: () =>
    statements().then((m) => m.accountStatementDetailsResponse),
  accountStatementResponse: () => statements().then((m) => m.accountStatementResponse),
  appConfigResponse: () => brand().then((m) => m.appConfigResponse),
  autoCashOutResponse: () => bets().then((m) => m.autoCashOutResponse),
  balanceResponse: () => balance().then((m) => m.balanceResponse),
  balanceSettingsResponse: () => balance().then((m) => m.balanceSettingsResponse),
  bonusListResponse: () => bonus().then((m) => m.bonusListResponse),
  bonusStatementResponse: () => bonus().then((m) => m.bonusStatementResponse),
  cancelledBetsResponse: () => bets().then((m) => m.cancelledBetsResponse),
  cashOutQuoteResponse: () => bets().then((m) => m.cashOutQuoteResponse),
  cashOutResponse: () => bets().then((m) => m.cashOutResponse),
  changePersistenceResponse: () => bets().then((m) => m.changePersistenceResponse),
  demoLoginResponse: () => auth().then((m) => m.demoLoginResponse),
  depositMethodsResponse: () => deposit().then((m) => m.depositMethodsResponse),
  eventsLimitResponse: () => matchDetails().then((m) => m.eventsLimitResponse),
  fanciesResponse: () => matchDetails().then((m) => m.fanciesResponse),
  fancyLiabilityResponse: () => bets().then((m) => m.fancyLiabilityResponse),
  fancyPositionResponse: () => matchDetails().then((m) => m.fancyPositionResponse),
  homeMatchesResponse: () => matches().then((m) => m.homeMatchesResponse),
  ladderResponse: () => priceHistory().then((m) => m.ladderResponse),
  loginResponse: () => auth().then((m) => m.loginResponse),
  logoResponse: () => brand().then((m) => m.logoResponse),
  lotusLobbyUrlResponse: () => casinoLaunch().then((m) => m.lotusLobbyUrlResponse),
  matchDetailsResponse: () => matchDetails().then((m) => m.matchDetailsResponse),
  matchStackResponse: () => stakes().then((m) => m.matchStackResponse),
  matchStatsResponse: () => matchDetails().then((m) => m.matchStatsResponse),
  menuResponse: () => menu().then((m) => m.menuResponse),
  messageResponse: () => auth().then((m) => m.messageResponse),
  notificationMessagesResponse: () => brand().then((m) => m.notificationMessagesResponse),
  oneClickSettingsResponse: () => stakes().then((m) => m.oneClickSettingsResponse),
  openBetsResponse: () => bets().then((m) => m.openBetsResponse),
  orderHistoryResponse: () => bets().then((m) => m.orderHistoryResponse),
  otpSentResponse: () => auth().then((m) => m.otpSentResponse),
  priceHistoryResponse: () => priceHistory().then((m) => m.priceHistoryResponse),
  profitLossResponse: () => statements().then((m) => m.profitLossResponse),
  promotionsResponse: () => brand().then((m) => m.promotionsResponse),
  qtechLaunchUrlResponse: () => casinoLaunch().then((m) => m.qtechLaunchUrlResponse),
  raceOddsResponse: () => racing().then((m) => m.raceOddsResponse),
  racingMarketsResponse: () => racing().then((m) => m.racingMarketsResponse),
  registerResponse: () => auth().then((m) => m.registerResponse),
  saveBetResponse: () => bets().then((m) => m.saveBetResponse),
  saveHrBetResponse: () => bets().then((m) => m.saveHrBetResponse),
  searchResponse: () => search().then((m) => m.searchResponse),
  settledBetsResponse: () => bets().then((m) => m.settledBetsResponse),
  stakesSettingsResponse: () => stakes().then((m) => m.stakesSettingsResponse),
  supportInfoResponse: () => brand().then((m) => m.supportInfoResponse),
  teamPositionResponse: () => bets().then((m) => m.teamPositionResponse),
  timeSettingsResponse: () => timeSettings().then((m) => m.timeSettingsResponse),
  transactionDetailsResponse: () => deposit().then((m) => m.transactionDetailsResponse),
  transactionResponse: () => deposit().then((m) => m.transactionResponse),
  transactionsResponse: () => deposit().then((m) => m.transactionsResponse),
  transferStatementResponse: () => statements().then((m) => m.transferStatementResponse),
  unmatchedBetsResponse: () => bets().then((m) => m.unmatchedBetsResponse),
  userSettingResponse: () => betSettings().then((m) => m.userSettingResponse),
}
