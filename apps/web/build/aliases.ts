import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Alias } from 'vite'

/** Where the flag-icons set keeps its 4:3 flags, one SVG per country (features/racing). */
const flagsDir = join(
  dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags',
  '4x3',
)

/** Module names the app's code means differently from node's resolution, in the build and in tests. */
export const aliases: Alias[] = [
  // zod told, before any schema is built, that the site's policy allows no eval (see the module).
  { find: /^zod$/, replacement: '@backlay/contract/zod-in-browser' },
  // The package's folder, wherever npm put it, for a glob of its files.
  { find: /^@flags\//, replacement: `${flagsDir}/` },
]
