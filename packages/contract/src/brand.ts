import { z } from 'zod'
import { ok } from './envelope'

/**
 * Per-host brand: site configuration, app configuration, support, logo, promotions and
 * notifications (shell §3, §7). Paths relative to /api/v1/.
 */

const flag = z.boolean().default(false)
const text = z.string().default('')

/**
 * Shell §3 site configuration; every flag defaults to false, so `siteConfig.parse({})` is a
 * brand with everything switched off. The spec's "transaction password" is deliberately not
 * here: it is a server secret and never leaves the server.
 */
export const siteConfig = z.object({
  isContactUs: flag,
  isWhatsappLink: flag,
  isWhatsappSignup: flag,
  isSignup: flag,
  isSignupByReferral: flag,
  isLoginWithOtp: flag,
  isTelegram: flag,
  isInstagram: flag,
  isFacebook: flag,
  isEmail: flag,
  isYoutube: flag,
  isDeposit: flag,
  isWithdrawal: flag,
  /** Not shown: Google / WhatsApp sign-in buttons, off unless a provider is configured. */
  isGoogleLogin: flag,
  isWhatsappLogin: flag,
  appName: text,
  appVersion: text,
  themeColor: z.string().default('#0b3d2e'),
  title: text,
  metaDescription: text,
  analyticsId: text,
  bettingWidgetTheme: z.string().default('lotus-fair'),
  pushNotificationAppIds: z.array(z.string()).default([]),
  downloadAppLink: text,
  appVersionLink: text,
  domain: text,
  transactionImage: text,
  managerId: text,
  adminName: text,
  siteUrl: text,
})
export type SiteConfig = z.infer<typeof siteConfig>

/** Module at index 1: app versions, keys as the spec spells them. */
export const versionModule = z.object({
  moduleName: z.literal('version'),
  model: z.object({ 'lot-version': z.string(), 'lot-android-version': z.string() }),
})
/** Module at index 3 when it is a redirect: host → host. */
export const redirectModule = z.object({
  moduleName: z.literal('redirect'),
  model: z.record(z.string(), z.string()),
})
/** Not shown, ours: index 0 carries the site configuration, index 2 the brand colours. */
export const siteModule = z.object({ moduleName: z.literal('site'), model: siteConfig })
export const themeModule = z.object({
  moduleName: z.literal('theme'),
  model: z.object({ primary: z.string(), secondary: z.string(), background: z.string() }),
})
export const appConfigModule = z.discriminatedUnion('moduleName', [
  siteModule,
  versionModule,
  themeModule,
  redirectModule,
])

/**
 * GET app-config (path not shown) → `{ status, result: { appConfig, gaConfig, recaptchaConfig } }`,
 * appConfig in the order site, version, theme, redirect. Null ids mean "not configured".
 */
export const appConfigResponse = z.object({
  status: z.literal(true),
  result: z.object({
    appConfig: z.array(appConfigModule),
    gaConfig: z.object({ trackingId: z.string().nullable() }),
    recaptchaConfig: z.object({ recaptchaSiteKey: z.string().nullable() }),
  }),
})
export type AppConfigResponse = z.infer<typeof appConfigResponse>

/** POST getUserWpNumber (logged in) and getWpNumber (guest), body `{ siteurl }`. */
export const siteUrlRequest = z.strictObject({ siteurl: z.string().trim().min(1).max(255) })
export const supportInfo = z.object({
  wpnumber: z.string().nullable(),
  instagram: z.string().nullable(),
  facebook: z.string().nullable(),
  twitter: z.string().nullable(),
  telegram: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string().nullable(),
})
export type SupportInfo = z.infer<typeof supportInfo>
export const supportInfoResponse = ok(supportInfo)

/** POST getSetting `{ siteurl }` → data.istenpaisa (a brand switch; its meaning is not shown). */
export const settingResponse = ok(z.object({ istenpaisa: z.boolean() }))

/**
 * POST /content/getLogo (empty) → data.description (logo URL) and self_host: true when the
 * URL is a path on this origin, false when it is an absolute URL elsewhere.
 */
export const logoRequest = z.strictObject({})
export const logoResponse = z.object({
  status: z.literal(true),
  data: z.object({ description: z.string() }),
  self_host: z.boolean(),
})
export type LogoResponse = z.infer<typeof logoResponse>

export const socialNetwork = z.enum(['telegram', 'whatsapp', 'gmail', 'instagram', 'facebook'])
export type SocialNetwork = z.infer<typeof socialNetwork>
export const socialLink = z.object({ url: z.string(), is_active: z.boolean() })
export const socialLinks = z.partialRecord(socialNetwork, socialLink)
export type SocialLinks = z.infer<typeof socialLinks>

/** Fields not shown, ours; `details` is the long text the sign-up tab shows as "detailed promo". */
export const promotion = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  description: z.string(),
  details: z.string(),
  image: z.string().nullable(),
  /** ISO 8601 UTC; null = no end date */
  validUntil: z.iso.datetime().nullable(),
})
export type Promotion = z.infer<typeof promotion>

/** GET /promotions → `result` is the promotion list; the footer's socials ride along. */
export const promotionsResponse = z.object({
  status: z.literal(true),
  result: z.array(promotion),
  socials: socialLinks,
})
export type PromotionsResponse = z.infer<typeof promotionsResponse>

/** POST account/{id}/promotions/promo-code (same origin; payload not shown) → messageResponse (./auth). */
export const promoCodeRequest = z.strictObject({
  promoCode: z.string().trim().min(1).max(32),
})

/**
 * GET account/{id}/notification/message → ticker and bell messages. `Type` 'T' or null goes to
 * the ticker. Not shown: guests use the id `guest` and get the brand-wide messages only.
 */
export const notificationMessage = z.object({
  id: z.string(),
  text: z.string(),
  Type: z.string().nullable(),
})
export type NotificationMessage = z.infer<typeof notificationMessage>
export const notificationMessagesResponse = ok(z.array(notificationMessage))
