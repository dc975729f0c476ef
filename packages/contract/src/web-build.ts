import { z } from 'zod'

/**
 * Written by the web build beside index.html, read by the server: the files every page other
 * than the home page needs besides the entry, which the server names in a `Link` header when it
 * answers a deep link so the browser fetches them together with the entry, not after it.
 */
export const DEEP_LINK_PRELOAD_FILE = 'deep-link-preload.json'

const assetPath = z.string().regex(/^\/assets\/[\w.-]+$/)

export const deepLinkPreload = z.object({
  modules: z.array(assetPath),
  styles: z.array(assetPath),
})
export type DeepLinkPreload = z.infer<typeof deepLinkPreload>
