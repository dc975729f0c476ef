import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const MARKER = "['__SHELL_ASSETS__']"

/** The hashed files an index.html loads before the app runs: scripts, preloads and styles. */
export const shellAssetsOf = (html: string): string[] =>
  [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string)

/**
 * Emits `sw.js`: the worker in `template` with this build's first-screen files written in. A new
 * build is a new worker, so browsers install it, precache the new files and drop the old ones.
 */
export function serviceWorker({ template }: { template: string }): Plugin {
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
        const assets = JSON.stringify(shellAssetsOf(String(index.source)))
        this.emitFile({ type: 'asset', fileName: 'sw.js', source: source.replace(MARKER, assets) })
      },
    },
  }
}
