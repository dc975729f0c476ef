/**
 * The schemas of the answers the first screen reads, as loaders. The API client loads one with
 * the first call that names it, while that call is under way: zod and these schemas are a sixth
 * of the site's JavaScript and would otherwise hold up the first paint. Every other page imports
 * its schemas from the contract, so they arrive with the page's code.
 */
const balance = () => import('@backlay/contract/balance')
const brand = () => import('@backlay/contract/brand')
const matches = () => import('@backlay/contract/matches')
const menu = () => import('@backlay/contract/menu')
const search = () => import('@backlay/contract/search')

export const balanceResponse = () => balance().then((m) => m.balanceResponse)
export const balanceSettingsResponse = () => balance().then((m) => m.balanceSettingsResponse)
export const appConfigResponse = () => brand().then((m) => m.appConfigResponse)
export const logoResponse = () => brand().then((m) => m.logoResponse)
export const notificationMessagesResponse = () =>
  brand().then((m) => m.notificationMessagesResponse)
export const promotionsResponse = () => brand().then((m) => m.promotionsResponse)
export const supportInfoResponse = () => brand().then((m) => m.supportInfoResponse)
export const homeMatchesResponse = () => matches().then((m) => m.homeMatchesResponse)
export const menuResponse = () => menu().then((m) => m.menuResponse)
export const searchResponse = () => search().then((m) => m.searchResponse)
