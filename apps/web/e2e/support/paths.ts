import { fileURLToPath } from 'node:url'

/** The repository root, whatever directory the test run started from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
export const WEB_DIST = fileURLToPath(new URL('../../dist/', import.meta.url))
/** Git-ignored; every screenshot a browser test takes lands here for people to look at. */
export const SCREENSHOT_DIR = fileURLToPath(new URL('../../../../.screenshots/', import.meta.url))
