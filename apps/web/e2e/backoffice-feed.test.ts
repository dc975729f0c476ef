import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { openSection, signInToConsole } from './support/backoffice'
import {
  browserForFile,
  errorsOf,
  newAppContext,
  newTrackedPage,
  saveScreenshot,
  VIEWPORT_NAMES,
} from './support/browser'
import { REPO_ROOT } from './support/paths'
import { serverForFile } from './support/server'

/*
 * The operator's view of the market feed, on a server replaying two real Betfair files (from
 * ../shared, as CI has it): a BASIC tennis match and a file of race positions, which the replay
 * counts as skipped lines.
 */

const browser = browserForFile()
const recording = (name: string) => join(REPO_ROOT, '..', 'shared', 'betfair-recordings', name)
const FILES = [recording('BASIC-1.223716976'), recording('RACE-1.140075353')]

const server = serverForFile({
  FEED: 'betfair-replay',
  FEED_REPLAY_FILES: FILES.join(','),
  FEED_REPLAY_SPEED: '0',
  FEED_TICK_MS: '500',
})

describe.each(VIEWPORT_NAMES)('the back office feed page at %s size', (viewport) => {
  let desk: Page
  afterAll(async () => {
    expect(errorsOf(desk)).toEqual([])
    await desk.context().close()
  })

  it("shows a finished replay's files, progress and skipped lines", async () => {
    desk = await newTrackedPage(await newAppContext(browser(), viewport, server().baseUrl))
    await desk.goto('/backoffice/', { waitUntil: 'domcontentloaded' })
    await signInToConsole(desk)
    await openSection(desk, 'Feed')
    await desk.getByRole('heading', { name: 'Market feed' }).waitFor()
    await desk.getByText('Betfair files (replay)').waitFor()
    await desk.getByText(FILES.join(', ')).waitFor()
    // The page looks again every 5 s; the replay plays both files within a few ticks.
    await desk.getByText('Finished', { exact: true }).waitFor({ timeout: 20_000 })
    await desk.getByText('100% of the files read').waitFor()
    expect(await desk.getByRole('progressbar', { name: 'Progress' }).getAttribute('value')).toBe(
      '100',
    )
    await desk.getByRole('row', { name: 'op rcm is not read 4' }).waitFor()
    await saveScreenshot(desk, `backoffice-feed-${viewport}`)
  }, 90_000)
})
