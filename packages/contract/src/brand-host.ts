import type { AppConfigResponse } from './brand'

/**
 * What follows from the host name alone: the brand key, the brand's asset paths and where an old
 * host sends players. Kept apart from the brand's schemas so the first screen does not need zod.
 */

/** 'app.lotus.example' → 'lotus.example'; the brand key and the site name shown in the footer. */
export const brandHost = (host: string): string =>
  host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^(app|www)\./, '')

/**
 * Asset paths derived from the host (shell §1). Not shown: where they live; the server serves
 * them under /brand-assets/{brandHost}/. brandAssets('www.lotus.example').logo → '/brand-assets/lotus.example/logo.png'
 */
export const brandAssets = (host: string) => {
  const base = `/brand-assets/${brandHost(host)}`
  return {
    logo: `${base}/logo.png`,
    touchIcon: `${base}/touch-icon.png`,
    favicon: `${base}/favicon.ico`,
    manifest: `${base}/manifest.webmanifest`,
  }
}

/** redirectTarget(cfg, 'old.example') → 'new.example' when index 3 maps it elsewhere, else null. */
export const redirectTarget = (cfg: AppConfigResponse, host: string): string | null => {
  const m = cfg.result.appConfig[3]
  if (m?.moduleName !== 'redirect') return null
  const to = m.model[host]
  return to && to !== host ? to : null
}
