import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { serviceWorker } from './service-worker-plugin'

const INDEX = `<script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B2.js">
<link rel="stylesheet" crossorigin href="/assets/index-C3.css">
<link rel="icon" href="/favicon.svg">`

/** Runs the plugin on a bundle holding INDEX; returns the emitted sw.js, or throws its error. */
function emit(template: string, keep: string[] = [], chunks: Record<string, unknown> = {}) {
  const file = join(mkdtempSync(join(tmpdir(), 'sw-')), 'service-worker.js')
  writeFileSync(file, template)
  const hook = serviceWorker({ template: file, keep }).generateBundle as {
    handler: (this: unknown, options: unknown, bundle: unknown) => void
  }
  let emitted = ''
  hook.handler.call(
    {
      error: (message: string) => {
        throw new Error(message)
      },
      emitFile: (file: { fileName: string; source: string }) => {
        if (file.fileName === 'sw.js') emitted = file.source
      },
    },
    {},
    { 'index.html': { type: 'asset', source: INDEX }, ...chunks },
  )
  return emitted
}

describe('serviceWorker', () => {
  it("writes the build's first-screen files, and only those, into the worker", () => {
    expect(emit("const SHELL_ASSETS = ['__SHELL_ASSETS__']")).toBe(
      'const SHELL_ASSETS = ["/assets/index-A1.js","/assets/react-B2.js","/assets/index-C3.css"]',
    )
  })

  it('adds the chunks of the modules to keep, what they import and their styles', () => {
    const chunk = (moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
      type: 'chunk',
      moduleIds,
      imports,
      viteMetadata: { importedCss: new Set(css) },
    })
    const sw = emit(
      "const SHELL_ASSETS = ['__SHELL_ASSETS__']",
      ['src/app/routes/home.tsx', '/react-toastify/'],
      {
        'assets/home-D4.js': chunk(
          ['/w/src/app/routes/home.tsx'],
          ['assets/shared-E5.js'],
          ['assets/home-F6.css'],
        ),
        'assets/shared-E5.js': chunk(['/w/src/ui/card.tsx']),
        'assets/dist-G7.js': chunk(['/w/node_modules/react-toastify/dist/index.mjs']),
        'assets/casino-H8.js': chunk(['/w/src/features/casino/page.tsx']),
      },
    )
    expect(JSON.parse(sw.replace('const SHELL_ASSETS = ', ''))).toEqual([
      '/assets/index-A1.js',
      '/assets/react-B2.js',
      '/assets/index-C3.css',
      '/assets/home-D4.js',
      '/assets/home-F6.css',
      '/assets/shared-E5.js',
      '/assets/dist-G7.js',
    ])
  })

  it('fails the build when the template has no place for them', () => {
    expect(() => emit('const SHELL_ASSETS = []')).toThrow(/no \['__SHELL_ASSETS__'\]/)
  })
})
