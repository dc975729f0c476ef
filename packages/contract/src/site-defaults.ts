import type { SiteConfig } from './brand'

/**
 * The site configuration of a brand with everything switched off: what the site shows until its
 * brand's configuration arrives. It equals `siteConfig.parse({})` (brand.test.ts holds them
 * together) and is written out so the first screen does not need zod.
 */
export const SITE_DEFAULTS: SiteConfig = {
  isContactUs: false,
  isWhatsappLink: false,
  isWhatsappSignup: false,
  isSignup: false,
  isSignupByReferral: false,
  isLoginWithOtp: false,
  isTelegram: false,
  isInstagram: false,
  isFacebook: false,
  isEmail: false,
  isYoutube: false,
  isDeposit: false,
  isWithdrawal: false,
  isGoogleLogin: false,
  isWhatsappLogin: false,
  appName: '',
  appVersion: '',
  themeColor: '#0b3d2e',
  title: '',
  metaDescription: '',
  analyticsId: '',
  bettingWidgetTheme: 'lotus-fair',
  pushNotificationAppIds: [],
  downloadAppLink: '',
  appVersionLink: '',
  domain: '',
  transactionImage: '',
  managerId: '',
  adminName: '',
  siteUrl: '',
}
