import type { Plugin } from 'vite'

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g

/**
 * Writes the entry's stylesheet into index.html instead of linking it. A linked stylesheet holds
 * the first paint until it has arrived (one more round trip on a phone), and meanwhile the
 * scripts arrive and run first. The entry's styles are a few kilobytes compressed; the styles of
 * lazy pages stay in their own files.
 *
 * Lazy chunks that share the entry's modules list its file among the styles to load with them.
 * A disabled link to it stays in the page: the browser fetches nothing for it, and Vite's loader,
 * which skips styles the page already links, does not add the same rules a second time.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'backlay-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html
        return html.replace(STYLESHEET_LINK, (link, file: string) => {
          const css = bundle[file]
          if (css?.type !== 'asset') return link
          return `<style>${String(css.source)}</style><link rel="stylesheet" href="/${file}" disabled>`
        })
      },
    },
  }
}
