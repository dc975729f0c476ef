/** Pages whose mobile title is a translated name (`shell.titles.<first segment>`). */
const NAMED_PAGES = new Set([
  'horse-racing',
  'greyhound-racing',
  'election',
  'indian-card-games',
  'open-bets',
  'rules-regulations',
  'exclusion-policy',
  'responsible-gambling',
  'privacy-policy',
  'change-password',
  'settings',
  'time-setting',
  'aviator',
  'transactions',
  'transactions-details',
  'deposit',
  'betting-profit-loss',
  'betting-profit-loss-details',
  'account-statement',
  'account-statement-details',
  'transfer-statement',
  'bonuses',
  'bonus-statement',
  'event-page',
  'casino-live',
  'casino_live',
  'table-casino-live',
  'livegames',
  'indian-casino',
])

export type PageTitle = { text: string } | { key: string } | null

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/**
 * Shell §2 mobile page title from the path: sports-page and competition-detail-page show their
 * decoded second segment, casino-lobby its remaining segments with dashes as spaces.
 * pageTitle('/sports-page/Cricket/4') → { text: 'Cricket' }
 * pageTitle('/casino-lobby/slot-games/Turbo%20Games') → { text: 'slot games Turbo Games' }
 */
export function pageTitle(pathname: string): PageTitle {
  const segments = pathname.split('/').filter(Boolean)
  const [first, second] = segments
  if (!first) return null
  if ((first === 'sports-page' || first === 'competition-detail-page') && second) {
    return { text: decode(second) }
  }
  if (first === 'casino-lobby') {
    return { text: segments.slice(1).map(decode).join(' ').replaceAll('-', ' ') }
  }
  return NAMED_PAGES.has(first) ? { key: `shell.titles.${first}` } : null
}

/** Shell §2: the back button of a livegames page goes back two steps, elsewhere one. */
export const backSteps = (pathname: string): number =>
  pathname.split('/')[1] === 'livegames' ? 2 : 1

/** Casino and live-game pages hide the header on mobile and drop the top padding (§2). */
export const isGamePage = (pathname: string): boolean =>
  /^\/(casino-lobby|casino-live|casino_live|table-casino-live|livegames|indian-casino|aviator)(\/|$)/.test(
    pathname,
  )

/** indian-card-games has no side bars (§2). */
export const hasSideBars = (pathname: string): boolean => !pathname.startsWith('/indian-card-games')
