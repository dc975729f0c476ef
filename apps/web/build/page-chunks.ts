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

/**
 * Code splitting by page. Left to itself the bundler makes one chunk per distinct set of pages
 * using a module: the event page came in 30 files, most under 2 KB, and on a phone each waits
 * its turn for one of six connections. Here the entry keeps everything it loads at start in one
 * chunk, each page keeps what only it uses, and all the code two or more pages share is one
 * `shared` chunk: a page that is not the home page loads three or four files besides the entry.
 *
 * The groups go after the library groups, which keep their own long-cached chunks. Emits
 * DEEP_LINK_PRELOAD_FILE: the entry's files, then the shared chunk and what it needs beyond them.
 */
export function pageChunks(): {
  plugin: Plugin
  startUp: Rolldown.CodeSplittingGroup
  shared: Rolldown.CodeSplittingGroup
} {
  const atStart = new Set<string>()
  const pagesUsing = new Map<string, number>()
  const plugin: Plugin = {
    name: 'backlay-page-chunks',
    apply: 'build',
    // A watched build runs these hooks again on each change.
    buildStart() {
      atStart.clear()
      pagesUsing.clear()
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
      const pages = new Set(
        ids.flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []),
      )
      for (const page of pages) {
        for (const id of reachable([page], imports)) {
          if (!atStart.has(id)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1)
        }
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
    shared: { name: SHARED, test: (id) => (pagesUsing.get(id) ?? 0) >= 2 },
  }
}
