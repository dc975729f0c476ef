import { fileURLToPath } from 'node:url'

/** The repository root, whatever directory the test run started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
/**
 * The built app the test server serves. E2E_WEB_DIST points a run at a private build, so a
 * rebuild of apps/web/dist by someone else in the same tree cannot swap the assets mid-run.
 */
export const WEB_DIST =
  process.env.E2E_WEB_DIST ?? fileURLToPath(new URL('../../dist/', import.meta.url))
/** Git-ignored; every screenshot a browser test takes lands here for people to look at. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../.screenshots/', import.meta.url))
