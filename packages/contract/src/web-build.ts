import { z } from 'zod'

/**
 * Written by the web build beside index.html, read by the server: the entry's files and those
 * every page other than the home page needs besides them, which the server names in a `Link`
 * header when it answers a deep link so the browser fetches them all at once, not the page's
 * code only after the entry has arrived and run.
 */
export const DEEP_LINK_PRELOAD_FILE = 'deep-link-preload.json'

const assetPath = z.string().regex(/^\/assets\/[\w.-]+$/)

export const deepLinkPreload = z.object({
  modules: z.array(assetPath),
  styles: z.array(assetPath),
})
export type DeepLinkPreload = z.infer<typeof deepLinkPreload>
