import { DEEP_LINK_PRELOAD_FILE, type DeepLinkPreload } from '@backlay/contract/web-build'
import type { Plugin, Rolldown } from 'vite'
import { chunkClosure, reachable } from './graph'

type ModuleGraph = {
  getModuleIds(): IterableIterator<string>
  getModuleInfo(id: string): {
    isEntry: boolean
    importedIds: readonly string[]
    dynamicallyImportedIds: readonly string[]
  } | null
}

type Chunk = {
  type: 'chunk'
  name: string
  fileName: string
  imports: string[]
  isEntry: boolean
  viteMetadata?: { importedCss: Set<string> }
}

const SHARED = 'shared'

/** Which of `entries` reach each module through static imports, `skip` left out. */
function usage(
  entries: Iterable<string>,
  imports: (id: string) => Iterable<string>,
  skip: ReadonlySet<string>,
  into: Map<string, string[]>,
) {
  for (const entry of entries) {
    for (const id of reachable([entry], imports)) {
      if (skip.has(id)) continue
      const users = into.get(id)
      if (users) users.push(entry)
      else into.set(id, [entry])
    }
  }
}

/** A page's chunk is named after its module: `…/event-page.tsx` → `event-page`. */
const chunkNameOf = (id: string) => /([^\\/]+?)(\.[cm]?[jt]sx?)?$/.exec(id)?.[1] ?? id

/**
 * Code splitting by page. Left to itself the bundler makes one chunk per distinct set of pages
 * using a module: the event page came in 30 files, most under 2 KB, and on a phone each waits
 * its turn for one of six connections. Here the entry keeps everything it loads at start in one
 * chunk, each page keeps what only it uses, and all the code two or more pages share is one
 * `shared` chunk: a page that is not the home page loads three or four files besides the entry.
 *
 * Pages are what `router` (a path under the app's root) loads on demand. The other lazy modules
 * are overlays: dialogs and drawers that load when first opened. What they share goes into an
 * `overlays` chunk of its own, so no page waits for a dialog's code before it draws.
 *
 * The pages `apart` matches (those a player opens from the account menu, not from a link) put
 * what only they share into a `shared-apart` chunk: the betting pages would otherwise load and run
 * the statements' and wallet's code and schemas before drawing.
 *
 * The groups go after the library groups, which keep their own long-cached chunks. Emits
 * DEEP_LINK_PRELOAD_FILE: the entry's files, then the shared chunk and what it needs beyond them.
 */
export function pageChunks({ router, apart }: { router: string; apart?: RegExp }): {
  plugin: Plugin
  startUp: Rolldown.CodeSplittingGroup
  shared: Rolldown.CodeSplittingGroup
  sharedApart: Rolldown.CodeSplittingGroup
  ownPage: Rolldown.CodeSplittingGroup
  overlays: Rolldown.CodeSplittingGroup
} {
  const atStart = new Set<string>()
  const pagesUsing = new Map<string, string[]>()
  const lazyUsing = new Map<string, string[]>()
  const ownedBy = new Map<string, string>()
  const count = (using: Map<string, string[]>, id: string) => using.get(id)?.length ?? 0
  const onlyApart = (id: string) =>
    apart !== undefined && (pagesUsing.get(id) ?? []).every((page) => apart.test(page))
  const isRouter = (id: string) => id.replaceAll('\\', '/').endsWith(`/${router}`)
  const plugin: Plugin = {
    name: 'backlay-page-chunks',
    apply: 'build',
    // A watched build runs these hooks again on each change.
    buildStart() {
      atStart.clear()
      pagesUsing.clear()
      lazyUsing.clear()
      ownedBy.clear()
    },
    buildEnd() {
      const graph = this as unknown as ModuleGraph
      const ids = [...graph.getModuleIds()]
      const imports = (id: string) => graph.getModuleInfo(id)?.importedIds ?? []
      reachable(
        ids.filter((id) => graph.getModuleInfo(id)?.isEntry),
        imports,
        atStart,
      )
      const lazyImports = (id: string) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []
      const routerId = ids.find(isRouter)
      if (!routerId) this.error(`page chunks: no module ${router} in the build`)
      const pages = new Set(lazyImports(routerId))
      // A page's chunk takes its file's name: two pages of one name would share a chunk.
      const names = [...pages].map(chunkNameOf)
      const twice = names.find((name, i) => names.indexOf(name) !== i)
      if (twice) this.error(`page chunks: two pages are files named ${twice}; rename one`)
      usage(pages, imports, atStart, pagesUsing)
      usage(new Set(ids.flatMap(lazyImports)), imports, atStart, lazyUsing)
      // A page owns what no other page uses, unless a dialog opened from elsewhere needs it.
      const openedFrom = new Map(
        [...pages].map((page) => [
          page,
          reachable([page], (id) => [
            ...imports(id),
            ...lazyImports(id).filter((lazy) => !pages.has(lazy)),
          ]),
        ]),
      )
      for (const [id, users] of pagesUsing) {
        const page = users.length === 1 ? users[0] : undefined
        const opened = page && openedFrom.get(page)
        if (page && opened && lazyUsing.get(id)?.every((u) => opened.has(u))) ownedBy.set(id, page)
      }
    },
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, Chunk | { type: 'asset' }>
      const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk')
      const entryFiles = chunkClosure(
        bundle,
        chunks.filter((c) => c.isEntry).map((c) => c.fileName),
      )
      const shared = chunks.find((c) => c.name === SHARED)
      const files = chunkClosure(bundle, shared ? [shared.fileName] : [])
      const pageFiles = [...files].filter((f) => !entryFiles.has(f))
      // The entry's files first: they start the page's requests, the shared code only draws it.
      // The entry's styles are written into index.html.
      const modules = [...entryFiles, ...pageFiles]
      const styles = pageFiles.flatMap((f) => [
        ...((bundle[f] as Chunk).viteMetadata?.importedCss ?? []),
      ])
      const preload: DeepLinkPreload = {
        modules: modules.map((f) => `/${f}`),
        styles: styles.map((f) => `/${f}`),
      }
      this.emitFile({
        type: 'asset',
        fileName: DEEP_LINK_PRELOAD_FILE,
        source: JSON.stringify(preload),
      })
    },
  }
  return {
    plugin,
    // Our own start-up code, in the entry chunk.
    startUp: { name: 'index', test: (id) => atStart.has(id) && !id.includes('node_modules') },
    shared: { name: SHARED, test: (id) => count(pagesUsing, id) >= 2 && !onlyApart(id) },
    sharedApart: {
      name: `${SHARED}-apart`,
      test: (id) => count(pagesUsing, id) >= 2 && onlyApart(id),
    },
    // What dialogs share goes with them, also when one page uses it: the page then loads the
    // dialogs' chunk, but no other page, and no dialog, loads that page's code.
    overlays: {
      name: 'overlays',
      test: (id) => !ownedBy.has(id) && count(pagesUsing, id) <= 1 && count(lazyUsing, id) >= 2,
    },
    // What one page uses stays in that page's chunk, also when the dialogs it opens use it: split
    // off, it would be one more file the page finds only once its own has arrived.
    ownPage: {
      name: (id) => chunkNameOf(ownedBy.get(id) ?? id),
      test: (id) => ownedBy.has(id),
    },
  }
}
