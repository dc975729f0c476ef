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
function emit(template: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'sw-')), 'service-worker.js')
  writeFileSync(file, template)
  const hook = serviceWorker({ template: file }).generateBundle as {
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
    { 'index.html': { type: 'asset', source: INDEX } },
  )
  return emitted
}

describe('serviceWorker', () => {
  it("writes the build's first-screen files, and only those, into the worker", () => {
    expect(emit("const SHELL_ASSETS = ['__SHELL_ASSETS__']")).toBe(
      'const SHELL_ASSETS = ["/assets/index-A1.js","/assets/react-B2.js","/assets/index-C3.css"]',
    )
  })

  it('fails the build when the template has no place for them', () => {
    expect(() => emit('const SHELL_ASSETS = []')).toThrow(/no \['__SHELL_ASSETS__'\]/)
  })
})
