import { afterEach, describe, expect, it, vi } from 'vitest'
import { queryClient } from '../lib/query-client'
import { FIRST_SCREEN_WAIT_MS, prefetchFirstScreen } from './first-screen-data'
import { preloadPage } from './router'

vi.mock('./router', () => ({ preloadPage: vi.fn(async () => undefined) }))

/** Runs a queued task and the promise callbacks it leaves, as the browser does before the next. */
const run = async (task: (() => void) | undefined) => {
  task?.()
  for (let i = 0; i < 3; i++) await Promise.resolve()
}

const askedFor = () =>
  vi.mocked(queryClient.prefetchQuery).mock.calls.map(([options]) => options?.queryKey?.[0])

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.mocked(preloadPage).mockClear()
})

describe('prefetchFirstScreen', () => {
  it("asks for the page's code and data first, then the shell's, each request in a task of its own", async () => {
    const tasks: (() => void)[] = []
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((task: () => void) => {
      tasks.push(task)
      return 0
    }) as typeof setTimeout)
    vi.spyOn(queryClient, 'prefetchQuery').mockResolvedValue(undefined)
    const ready = prefetchFirstScreen('/')

    // Nothing in the task that evaluated the app's code: nine requests and the longest wait queued.
    expect(tasks).toHaveLength(10)
    expect(preloadPage).not.toHaveBeenCalled()
    expect(askedFor()).toEqual([])

    await run(tasks[0])
    expect(preloadPage).toHaveBeenCalledWith('/')
    expect(askedFor()).toEqual([])
    for (const [i, key] of ['home-matches', 'home-matches', 'home-matches'].entries()) {
      await run(tasks[i + 1])
      expect(askedFor()).toHaveLength(i + 1)
      expect(askedFor()[i]).toBe(key)
    }
    for (const task of tasks.slice(4, 9)) await run(task)
    await vi.waitFor(() =>
      expect(askedFor().slice(3)).toEqual(
        expect.arrayContaining(['app-config', 'menu', 'logo', 'promotions', 'messages']),
      ),
    )
    await expect(ready).resolves.toBeUndefined()
  })

  it('settles after FIRST_SCREEN_WAIT_MS when an answer never comes', async () => {
    vi.useFakeTimers()
    vi.spyOn(queryClient, 'prefetchQuery').mockReturnValue(new Promise(() => {}))
    let settled = false
    void prefetchFirstScreen('/event-page/4/1').then(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(true)
  })
})
