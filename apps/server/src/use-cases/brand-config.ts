import {
  type AppConfigResponse,
  type SiteConfig,
  type SocialLinks,
  type SupportInfo,
  siteConfig,
  socialLinks,
  supportInfo,
} from '@backlay/contract/brand'
import { brandAssets, brandHost } from '@backlay/contract/brand-host'
import { SPORT_ID } from '@backlay/contract/sport'
import { z } from 'zod'
import { DEFAULT_LOGIN_CLIENTS } from '../auth/login-clients'
import type { Brand } from '../db/schema'

const NO_SUPPORT: SupportInfo = {
  wpnumber: null,
  instagram: null,
  facebook: null,
  twitter: null,
  telegram: null,
  email: null,
  message: null,
}

/**
 * What a brand row's `config` may hold. Each part falls back to its default on its own, so a
 * brand stored before a part existed, or with one malformed part, still serves the rest.
 */
const brandSettings = z.object({
  site: siteConfig.catch(siteConfig.parse({})),
  theme: z
    .object({ primary: z.string(), secondary: z.string(), background: z.string() })
    .catch({ primary: '#0b3d2e', secondary: '#f5c518', background: '#f4f6f5' }),
  versions: z
    .object({ 'lot-version': z.string(), 'lot-android-version': z.string() })
    .catch({ 'lot-version': '1.0.0', 'lot-android-version': '1.0.0' }),
  /** Host → host: a browser on a key host goes to its value (shell §4). */
  redirects: z.record(z.string(), z.string()).catch({}),
  gaTrackingId: z.string().nullable().catch(null),
  recaptchaSiteKey: z.string().nullable().catch(null),
  support: supportInfo.catch(NO_SUPPORT),
  socials: socialLinks.catch({}),
  /** An absolute logo URL elsewhere; null serves the host-derived path. */
  logoUrl: z.string().nullable().catch(null),
  /** getSetting's `istenpaisa` switch. */
  istenpaisa: z.boolean().catch(false),
  /** Volume multiplier per event type id (balance-settings). */
  volumeMultipliers: z.record(z.string(), z.number().positive()).catch({}),
  /** Basic credentials (`id:secret`) userLogin accepts from this brand's front ends. */
  loginClients: z
    .array(z.object({ id: z.string().min(1), secret: z.string() }))
    .min(1)
    .catch([...DEFAULT_LOGIN_CLIENTS]),
  /** The trading API (Betfair-compatible) for the brand's players (back office Brands). */
  tradingApi: z.boolean().catch(true),
})
export type BrandSettings = z.infer<typeof brandSettings>

export const brandSettingsOf = (brand: Pick<Brand, 'config'>): BrandSettings =>
  brandSettings.parse(brand.config ?? {})

/** The site configuration with the brand's name and host filled in where it leaves them empty. */
export function siteOf(brand: Pick<Brand, 'config' | 'name'>, host: string): SiteConfig {
  const site = brandSettingsOf(brand).site
  return {
    ...site,
    appName: site.appName || brand.name,
    title: site.title || brand.name,
    domain: site.domain || brandHost(host),
  }
}

/** GET app-config: modules in the order site, version, theme, redirect (the client reads [1] and [3]). */
export function appConfigFor(brand: Brand, host: string): AppConfigResponse {
  const settings = brandSettingsOf(brand)
  return {
    status: true,
    result: {
      appConfig: [
        { moduleName: 'site', model: siteOf(brand, host) },
        { moduleName: 'version', model: settings.versions },
        { moduleName: 'theme', model: settings.theme },
        { moduleName: 'redirect', model: settings.redirects },
      ],
      gaConfig: { trackingId: settings.gaTrackingId },
      recaptchaConfig: { recaptchaSiteKey: settings.recaptchaSiteKey },
    },
  }
}

export const supportInfoOf = (brand: Brand): SupportInfo => brandSettingsOf(brand).support

export const socialsOf = (brand: Brand): SocialLinks => brandSettingsOf(brand).socials

/**
 * The web manifest of the brand serving `host` (shell §1: a valid manifest per brand): its name,
 * theme colours and the app icons under the host's asset path.
 */
export function manifestOf(brand: Brand, host: string) {
  const site = siteOf(brand, host)
  const { theme } = brandSettingsOf(brand)
  const base = `/brand-assets/${brandHost(host)}`
  const icon = (size: number) => ({
    src: `${base}/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
  })
  return {
    name: site.appName,
    short_name: site.appName,
    description: site.metaDescription || site.title,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: theme.background,
    theme_color: site.themeColor,
    icons: [icon(192), icon(512), { ...icon(512), purpose: 'maskable' }],
  }
}

/** getLogo: the configured URL (self_host false) or the host-derived path on this origin. */
export function logoOf(brand: Brand, host: string): { description: string; self_host: boolean } {
  const url = brandSettingsOf(brand).logoUrl
  return url
    ? { description: url, self_host: false }
    : { description: brandAssets(host).logo, self_host: true }
}

/** Every sport the site lists shows volumes as quoted unless the brand scales them. */
export function volumeMultipliersOf(brand: Brand): Record<string, { volumeMultiplier: number }> {
  const configured = brandSettingsOf(brand).volumeMultipliers
  return Object.fromEntries(
    Object.values(SPORT_ID).map((id) => [id, { volumeMultiplier: configured[id] ?? 1 }]),
  )
}

/** Sign-up is open when the brand switches it on, or by referral when a code is given (shell §2). */
export function signupAllowed(brand: Brand, host: string, referCode: string | undefined): boolean {
  const site = siteOf(brand, host)
  return site.isSignup || (site.isSignupByReferral && Boolean(referCode))
}
