import { describe, expect, it } from 'vitest'
import { inlineEntryCss } from './inline-entry-css'

const INDEX = `<head>
<script type="module" crossorigin src="/assets/index-A1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-C3.css">
<link rel="icon" href="/favicon.svg">
</head>`

type Bundle = Record<string, { type: 'asset' | 'chunk'; source?: string }>

/** Runs the plugin's index.html hook over INDEX and a bundle; returns the page. */
function transform(bundle: Bundle): string {
  const hook = inlineEntryCss().transformIndexHtml as {
    handler: (html: string, ctx: { bundle: Bundle }) => string
  }
  return hook.handler(INDEX, { bundle })
}

describe('inlineEntryCss', () => {
  it('writes the linked stylesheet into the page, leaving a disabled link for lazy chunks', () => {
    const html = transform({
      'assets/index-C3.css': { type: 'asset', source: '.boot{height:52px}' },
      'assets/index-A1.js': { type: 'chunk' },
    })
    expect(html).toContain(
      '<style>.boot{height:52px}</style><link rel="stylesheet" href="/assets/index-C3.css" disabled>',
    )
    expect(html).not.toContain('<link rel="stylesheet" crossorigin')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-A1.js">')
  })

  it('leaves a link whose file is not in the bundle as it is', () => {
    expect(transform({})).toBe(INDEX)
  })
})
