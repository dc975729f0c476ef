import { appConfigQueryOptions } from '../features/brand/api/get-app-config'
import { homeMatchesQueryOptions } from '../features/home/api/get-home-matches'
import { HOME_SPORTS } from '../features/home/home-sports'
import { menuQueryOptions } from '../features/navigation/api/get-menu'
import { queryClient } from '../lib/query-client'
import { preloadPage } from './router'

/**
 * Asks for the code and data the first screen draws as soon as the app's code runs, so they are
 * on their way while the first render is prepared instead of after it: the page's own code, the
 * brand's configuration and menu on every page, the sports' lists on the home page.
 */
export function prefetchFirstScreen(pathname: string): void {
  preloadPage(pathname)
  void queryClient.prefetchQuery(appConfigQueryOptions)
  void queryClient.prefetchQuery(menuQueryOptions)
  if (pathname === '/' || pathname === '/default-page') {
    for (const { sportId } of HOME_SPORTS)
      void queryClient.prefetchQuery(homeMatchesQueryOptions(sportId))
  }
}
