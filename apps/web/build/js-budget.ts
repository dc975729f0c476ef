import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { chunkClosure } from './graph'

interface BudgetOptions {
  /** Most gzip bytes of JavaScript the first screen may fetch. */
  maxGzipBytes: number
  /** Lazy modules the first screen loads at once besides the entry (the home route). */
  firstScreen: string[]
}

type Chunk = {
  type: 'chunk'
  code: string
  imports: string[]
  isEntry: boolean
  facadeModuleId: string | null
}

/**
 * Fails the build when the JavaScript of the first screen (the entry, the home route and what
 * they import statically) exceeds the budget in gzip bytes: a library added to the shell by
 * mistake shows up here, not months later on a phone.
 */
export function jsBudget({ maxGzipBytes, firstScreen }: BudgetOptions): Plugin {
  return {
    name: 'backlay-js-budget',
    apply: 'build',
    generateBundle(_options, output) {
      const bundle = output as unknown as Record<string, Chunk | { type: 'asset' }>
      const starts = Object.entries(bundle)
        .filter(([, c]) => {
          if (c.type !== 'chunk') return false
          const id = c.facadeModuleId ?? ''
          return c.isEntry || firstScreen.some((path) => id.endsWith(path))
        })
        .map(([name]) => name)
      const files = [...chunkClosure(bundle, starts)]
      const bytes = files.reduce((sum, name) => {
        const chunk = bundle[name] as Chunk
        return sum + gzipSync(chunk.code, { level: 9 }).length
      }, 0)
      const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
      const line = `first-screen JavaScript: ${kib(bytes)} gzip in ${files.length} files (budget ${kib(maxGzipBytes)})`
      if (bytes > maxGzipBytes) this.error(`${line}: over budget`)
      this.info(line)
    },
  }
}
