import { DEEP_LINK_PRELOAD_FILE, deepLinkPreload } from '@backlay/contract/web-build'
import type { Rolldown } from 'vite'
import { describe, expect, it } from 'vitest'
import { pageChunks } from './page-chunks'

/**
 * main.tsx starts the app; its router loads two pages on demand, which share a table that imports
 * app code. Each page opens a dialog of its own on demand; both dialogs use one form. Page A and
 * its dialog share a helper; page B shares one with a dialog the shell opens.
 */
const graph: Record<string, { static: string[]; dynamic?: string[]; entry?: boolean }> = {
  '/app/src/main.tsx': {
    static: ['/app/src/app.tsx', '/app/node_modules/react/index.js', '/app/src/router.tsx'],
    dynamic: ['/app/src/shell-dialog.tsx'],
    entry: true,
  },
  '/app/src/router.tsx': {
    static: ['/app/node_modules/react/index.js'],
    dynamic: ['/app/src/page-a.tsx', '/app/src/page-b.tsx'],
  },
  '/app/src/app.tsx': { static: ['/app/node_modules/react/index.js'] },
  '/app/node_modules/react/index.js': { static: [] },
  '/app/src/page-a.tsx': {
    static: ['/app/src/table.tsx', '/app/src/only-a.ts', '/app/src/a-helper.ts'],
    dynamic: ['/app/src/dialog-a.tsx'],
  },
  '/app/src/page-b.tsx': {
    static: ['/app/src/table.tsx', '/app/src/b-helper.ts'],
    dynamic: ['/app/src/dialog-b.tsx'],
  },
  '/app/src/table.tsx': { static: ['/app/src/app.tsx', '/app/node_modules/zod/index.js'] },
  '/app/src/only-a.ts': { static: [] },
  '/app/src/dialog-a.tsx': {
    static: ['/app/src/form.tsx', '/app/src/table.tsx', '/app/src/a-helper.ts'],
  },
  '/app/src/shell-dialog.tsx': { static: ['/app/src/b-helper.ts'] },
  '/app/src/a-helper.ts': { static: [] },
  '/app/src/b-helper.ts': { static: [] },
  '/app/src/dialog-b.tsx': { static: ['/app/src/form.tsx'] },
  '/app/src/form.tsx': { static: [] },
  '/app/node_modules/zod/index.js': { static: [] },
}

const ROUTER = 'src/router.tsx'

const chunk = (name: string, fileName: string, imports: string[], extra = {}) => ({
  type: 'chunk' as const,
  name,
  fileName,
  imports,
  isEntry: false,
  ...extra,
})

const bundle = {
  'assets/index-1.js': chunk('index', 'assets/index-1.js', ['assets/react-2.js'], {
    isEntry: true,
    viteMetadata: { importedCss: new Set(['assets/index-0.css']) },
  }),
  'assets/react-2.js': chunk('react', 'assets/react-2.js', []),
  'assets/shared-3.js': chunk(
    'shared',
    'assets/shared-3.js',
    ['assets/index-1.js', 'assets/react-2.js', 'assets/zod-4.js'],
    { viteMetadata: { importedCss: new Set(['assets/shared-5.css']) } },
  ),
  'assets/zod-4.js': chunk('zod', 'assets/zod-4.js', []),
  'assets/page-a-6.js': chunk('page-a', 'assets/page-a-6.js', ['assets/shared-3.js']),
}

/** A graph context over `nodes` (the module graph's hooks read through `this`). */
const contextOf = (nodes: typeof graph) => ({
  error: (message: string) => {
    throw new Error(message)
  },
  getModuleIds: () => Object.keys(nodes)[Symbol.iterator](),
  getModuleInfo: (id: string) => {
    const node = nodes[id]
    return node
      ? {
          isEntry: node.entry === true,
          importedIds: node.static,
          dynamicallyImportedIds: node.dynamic ?? [],
        }
      : null
  },
})

/** Whether `group` takes the module `id` into its chunk. */
const takes = (group: Rolldown.CodeSplittingGroup, id: string) =>
  (group.test as (id: string) => boolean)(id)

type Hook = (this: unknown, ...args: unknown[]) => void

/** The plugin for `router`, after it has read the module graph `nodes`. */
const scanned = (nodes: typeof graph, router = ROUTER, apart?: RegExp) => {
  const pages = pageChunks({ router, apart })
  ;(pages.plugin.buildEnd as Hook).call(contextOf(nodes))
  return pages
}

function built() {
  const pages = scanned(graph)
  const emitted: { fileName: string; source: string }[] = []
  ;(pages.plugin.generateBundle as Hook).call(
    { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) },
    {},
    bundle,
  )
  return { pages, emitted }
}

describe('pageChunks', () => {
  it('keeps our start-up code in the entry and leaves libraries to their own groups', () => {
    const { pages } = built()
    expect(takes(pages.startUp, '/app/src/main.tsx')).toBe(true)
    expect(takes(pages.startUp, '/app/src/app.tsx')).toBe(true)
    expect(takes(pages.startUp, '/app/node_modules/react/index.js')).toBe(false)
    expect(takes(pages.startUp, '/app/src/table.tsx')).toBe(false)
  })

  it('puts what two pages use in the shared chunk, and what one page or the start uses not', () => {
    const { pages } = built()
    expect(takes(pages.shared, '/app/src/table.tsx')).toBe(true)
    expect(takes(pages.shared, '/app/node_modules/zod/index.js')).toBe(true)
    expect(takes(pages.shared, '/app/src/only-a.ts')).toBe(false)
    expect(takes(pages.shared, '/app/src/page-a.tsx')).toBe(false)
    expect(takes(pages.shared, '/app/src/app.tsx')).toBe(false)
    expect(takes(pages.shared, '/app/src/form.tsx')).toBe(false)
  })

  it('puts what only the pages set apart share in a chunk of their own', () => {
    // Two account pages share a list; one of them also uses the betting pages' table.
    const withAccount = {
      ...graph,
      '/app/src/router.tsx': {
        static: ['/app/node_modules/react/index.js'],
        dynamic: [
          '/app/src/page-a.tsx',
          '/app/src/page-b.tsx',
          '/app/src/account/page-c.tsx',
          '/app/src/account/page-d.tsx',
        ],
      },
      '/app/src/account/page-c.tsx': {
        static: ['/app/src/account/list.tsx', '/app/src/table.tsx'],
      },
      '/app/src/account/page-d.tsx': { static: ['/app/src/account/list.tsx'] },
      '/app/src/account/list.tsx': { static: [] },
    }
    const pages = scanned(withAccount, ROUTER, /[\\/]account[\\/]/)
    expect(takes(pages.sharedApart, '/app/src/account/list.tsx')).toBe(true)
    expect(takes(pages.shared, '/app/src/account/list.tsx')).toBe(false)
    expect(takes(pages.shared, '/app/src/table.tsx')).toBe(true)
    expect(takes(pages.sharedApart, '/app/src/table.tsx')).toBe(false)
    expect(takes(pages.sharedApart, '/app/src/account/page-c.tsx')).toBe(false)

    const together = scanned(withAccount)
    expect(takes(together.shared, '/app/src/account/list.tsx')).toBe(true)
    expect(takes(together.sharedApart, '/app/src/account/list.tsx')).toBe(false)
  })

  it('puts what dialogs share in the overlays chunk, and what a page shares only with its own dialogs in the page', () => {
    const { pages } = built()
    expect(takes(pages.overlays, '/app/src/form.tsx')).toBe(true)
    expect(takes(pages.overlays, '/app/src/b-helper.ts')).toBe(true)
    expect(takes(pages.overlays, '/app/src/table.tsx')).toBe(false)
    expect(takes(pages.overlays, '/app/src/dialog-a.tsx')).toBe(false)
    expect(takes(pages.overlays, '/app/src/a-helper.ts')).toBe(false)

    const pageOf = (id: string) =>
      takes(pages.ownPage, id) ? (pages.ownPage.name as (id: string) => string)(id) : undefined
    expect(pageOf('/app/src/a-helper.ts')).toBe('page-a')
    expect(pageOf('/app/src/only-a.ts')).toBe('page-a')
    expect(pageOf('/app/src/page-b.tsx')).toBe('page-b')
    expect(pageOf('/app/src/b-helper.ts')).toBeUndefined()
    expect(pageOf('/app/src/table.tsx')).toBeUndefined()
  })

  it('stops the build when two pages have the same file name, which would share a chunk', () => {
    const twins = {
      ...graph,
      '/app/src/router.tsx': {
        static: [],
        dynamic: ['/app/src/page-a.tsx', '/app/src/other/page-a.tsx'],
      },
      '/app/src/other/page-a.tsx': { static: [] },
    }
    expect(() => scanned(twins)).toThrow('two pages are files named page-a')
  })

  it('stops the build when the router it was given is not in the app', () => {
    expect(() => scanned(graph, 'src/routes.tsx')).toThrow('no module src/routes.tsx')
  })

  it('lists the entry, then the shared chunk and what it needs, and the styles not in index.html', () => {
    const { emitted } = built()
    expect(emitted.map((f) => f.fileName)).toEqual([DEEP_LINK_PRELOAD_FILE])
    expect(deepLinkPreload.parse(JSON.parse(emitted[0]?.source ?? ''))).toEqual({
      modules: [
        '/assets/index-1.js',
        '/assets/react-2.js',
        '/assets/shared-3.js',
        '/assets/zod-4.js',
      ],
      styles: ['/assets/shared-5.css'],
    })
  })

  it('forgets the previous graph when a watched build runs again', () => {
    const pages = pageChunks({ router: ROUTER })
    const run = (nodes: typeof graph) => {
      ;(pages.plugin.buildStart as Hook).call(contextOf(nodes))
      ;(pages.plugin.buildEnd as Hook).call(contextOf(nodes))
    }
    run(graph)
    // Page B no longer uses the table, and the start-up code no longer imports app.tsx.
    run({
      ...graph,
      '/app/src/main.tsx': { ...graph['/app/src/main.tsx'], static: [] } as (typeof graph)[string],
      '/app/src/page-b.tsx': { static: [] },
    })
    expect(takes(pages.shared, '/app/src/table.tsx')).toBe(false)
    expect(takes(pages.startUp, '/app/src/app.tsx')).toBe(false)
  })
})
