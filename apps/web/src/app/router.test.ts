// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { PrefetchPageData } from '../lib/page-data'

const imported = vi.hoisted(() => new Set<string>())
const prefetched = vi.hoisted(() => [] as Parameters<PrefetchPageData>[0][])

vi.mock('../features/event-page/components/event-page', () => {
  imported.add('event-page')
  const prefetchPageData: PrefetchPageData = async (route) => prefetched.push(route)
  return { EventPage: () => null, prefetchPageData }
})
vi.mock('../features/racing/components/racing-page', () => {
  imported.add('racing-page')
  const prefetchPageData: PrefetchPageData = async (route) => prefetched.push(route)
  return { RacingPage: () => null, prefetchPageData }
})

describe('preloadPage', () => {
  it("fetches the code of the page a path opens, and no other page's", async () => {
    const { preloadPage } = await import('./router')
    // The home page comes with the app: nothing to fetch.
    await preloadPage('/')
    expect(imported.size).toBe(0)

    await preloadPage('/event-page/4/2078304001')
    expect(imported.has('event-page')).toBe(true)
    expect(imported.has('racing-page')).toBe(false)

    await preloadPage('/horse-racing')
    expect(imported.has('racing-page')).toBe(true)
  })

  it('asks the page for its data with the route it matched, and settles after it', async () => {
    const { preloadPage } = await import('./router')
    prefetched.length = 0
    await preloadPage('/event-page/4/2078304001/1.2078304001')
    await preloadPage('/greyhound-racing')
    expect(prefetched).toEqual([
      {
        params: { eventTypeId: '4', eventId: '2078304001', marketId: '1.2078304001' },
        pathname: '/event-page/4/2078304001/1.2078304001',
      },
      { params: {}, pathname: '/greyhound-racing' },
    ])
  })
})
