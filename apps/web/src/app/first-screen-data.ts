import { restoredSession } from '../features/auth/stores/session-store'
import { appConfigQueryOptions } from '../features/brand/api/get-app-config'
import { logoQueryOptions } from '../features/brand/api/get-logo'
import {
  promotionsQueryOptions,
  supportInfoQueryOptions,
} from '../features/brand/api/get-promotions'
import { homeMatchesQueryOptions } from '../features/home/api/get-home-matches'
import { HOME_SPORTS } from '../features/home/home-sports'
import { menuQueryOptions } from '../features/navigation/api/get-menu'
import { messagesQueryOptions } from '../features/notifications/api/get-messages'
import { queryClient } from '../lib/query-client'
import { preloadPage } from './router'

/**
 * The longest the first render waits for the first screen's code and data. A slow answer then
 * shows the page with skeletons instead of keeping the player on the bare header.
 */
export const FIRST_SCREEN_WAIT_MS = 1_500

/** What the shell draws on every page once the session is known: header, ticker and footer. */
async function prefetchShell(): Promise<unknown> {
  const { user, isLogin } = await restoredSession()
  return Promise.all([
    queryClient.prefetchQuery(messagesQueryOptions(user?._id)),
    queryClient.prefetchQuery(supportInfoQueryOptions(isLogin)),
  ])
}

/**
 * Runs `work` in a task of its own once the current one is done. The app's start-up on a phone is
 * long tasks back to back (its code's evaluation, then each request's own cost: the query cache's
 * entry, the fetch), and the browser can answer a tap or draw only between tasks; one task per
 * request keeps that wait short.
 */
const inTaskOfItsOwn = <T>(work: () => Promise<T>): Promise<T> =>
  new Promise<void>((resolve) => setTimeout(resolve)).then(work)

/**
 * Asks for the code and data the first screen draws as soon as the app's code has run, so they
 * are on their way while the rest of the app starts: first the page's own code and data (see
 * preloadPage; the sports' lists on the home page), then the brand's configuration, menu, logo,
 * promotions and messages every page shows, each request in a task of its own.
 *
 * Settles when all of them are in (a failed call included: the page shows its own error) or after
 * FIRST_SCREEN_WAIT_MS. Rendering after it keeps the first render a single yielding transition:
 * data arriving in the middle of it makes React start over synchronously, holding the main thread
 * for the whole page, and data arriving after it costs another layout of the page.
 */
export function prefetchFirstScreen(pathname: string): Promise<void> {
  const homeLists =
    pathname === '/' || pathname === '/default-page'
      ? HOME_SPORTS.map(
          ({ sportId }) =>
            () =>
              queryClient.prefetchQuery(homeMatchesQueryOptions(sportId)),
        )
      : []
  const requests: (() => Promise<unknown>)[] = [
    () => preloadPage(pathname),
    ...homeLists,
    () => queryClient.prefetchQuery(appConfigQueryOptions),
    () => queryClient.prefetchQuery(menuQueryOptions),
    () => queryClient.prefetchQuery(logoQueryOptions),
    () => queryClient.prefetchQuery(promotionsQueryOptions),
    prefetchShell,
  ]
  return Promise.race([
    Promise.allSettled(requests.map(inTaskOfItsOwn)).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS)),
  ])
}
