import type { Params } from 'react-router'

/**
 * What a lazily loaded page module may export as `prefetchPageData`: asks for the data its first
 * screen reads, given the route it matched, so the calls leave with the page's code instead of
 * after its first render. Settles when they are in.
 */
export type PrefetchPageData = (route: { params: Params; pathname: string }) => Promise<unknown>
