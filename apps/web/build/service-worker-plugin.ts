import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import { chunkClosure } from './graph'

const MARKER = "['__SHELL_ASSETS__']"

/** The hashed files an index.html loads before the app runs: scripts, preloads and styles. */
export const shellAssetsOf = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string)

type Output =
  | { type: 'asset'; source?: unknown }
  | {
      type: 'chunk'
      imports: string[]
      moduleIds: string[]
      viteMetadata?: { importedCss: Set<string> }
    }

/**
 * The files of the chunks holding a module whose id contains one of `modules`, with the chunks
 * they import statically and their styles, as paths the page asks for (/assets/…).
 */
export function keptFiles(bundle: Record<string, Output>, modules: readonly string[]): string[] {
  const starts = Object.entries(bundle)
    .filter(
      ([, f]) =>
        f.type === 'chunk' && f.moduleIds.some((id) => modules.some((m) => id.includes(m))),
    )
    .map(([name]) => name)
  const files = new Set<string>()
  for (const name of chunkClosure(bundle, starts)) {
    const chunk = bundle[name]
    if (chunk?.type !== 'chunk') continue
    files.add(name)
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
  }
  return [...files].map((f) => `/${f}`)
}

/**
 * Emits `sw.js`: the worker in `template` with this build's first-screen files written in, and
 * the chunks of `keep` (modules the page needs when the server is gone: the toast saying so, the
 * home page it goes to). A new build is a new worker, so browsers install it, precache the new
 * files and drop the old ones.
 */
export function serviceWorker({
  template,
  keep = [],
}: {
  template: string
  keep?: readonly string[]
}): Plugin {
  return {
    name: 'backlay-service-worker',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html']
        if (index?.type !== 'asset') this.error('no index.html in the bundle')
        const source = readFileSync(template, 'utf8')
        if (!source.includes(MARKER)) this.error(`${template} has no ${MARKER} to fill in`)
        const files = new Set([
          ...shellAssetsOf(String(index.source)),
          ...keptFiles(bundle as unknown as Record<string, Output>, keep),
        ])
        const assets = JSON.stringify([...files])
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: source.replace(MARKER, assets) })
      },
    },
  }
}
