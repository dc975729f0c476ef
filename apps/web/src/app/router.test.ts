// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

const imported = vi.hoisted(() => new Set<string>())

vi.mock('../features/event-page/components/event-page', () => {
  imported.add('event-page')
  return { EventPage: () => null }
})
vi.mock('../features/racing/components/racing-page', () => {
  imported.add('racing-page')
  return { RacingPage: () => null }
})

describe('preloadPage', () => {
  it("fetches the code of the page a path opens, and no other page's", async () => {
    const { preloadPage } = await import('./router')
    // The home page comes with the app: nothing to fetch.
    preloadPage('/')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(imported.size).toBe(0)

    preloadPage('/event-page/4/2078304001')
    await vi.waitFor(() => expect(imported.has('event-page')).toBe(true))
    expect(imported.has('racing-page')).toBe(false)

    preloadPage('/horse-racing')
    await vi.waitFor(() => expect(imported.has('racing-page')).toBe(true))
  })
})
