import { describe, expect, it } from 'vitest'
import { appConfigResponse, siteConfig } from './brand'
import { brandAssets, brandHost, redirectTarget } from './brand-host'
import { SITE_DEFAULTS } from './site-defaults'

describe('brand host', () => {
  it('drops a leading app. or www. and the port', () => {
    expect(brandHost('app.lotus.example')).toBe('lotus.example')
    expect(brandHost('WWW.Lotus.example:8443')).toBe('lotus.example')
    expect(brandHost('apps.example')).toBe('apps.example')
    expect(brandAssets('www.lotus.example').manifest).toBe(
      '/brand-assets/lotus.example/manifest.webmanifest',
    )
  })
})

describe('site configuration', () => {
  it('defaults every flag to false and the widget theme to lotus-fair', () => {
    const c = siteConfig.parse({})
    const flags = Object.entries(c).filter(([k]) => k.startsWith('is'))
    expect(flags.length).toBeGreaterThanOrEqual(13)
    expect(flags.every(([, v]) => v === false)).toBe(true)
    expect(c.bettingWidgetTheme).toBe('lotus-fair')
  })

  it('has the written-out defaults the site shows before its configuration arrives', () => {
    expect(SITE_DEFAULTS).toEqual(siteConfig.parse({}))
  })
})

describe('app configuration', () => {
  const cfg = (redirect: Record<string, string>) =>
    appConfigResponse.parse({
      status: true,
      result: {
        appConfig: [
          { moduleName: 'site', model: {} },
          {
            moduleName: 'version',
            model: { 'lot-version': '1.2.0', 'lot-android-version': '1.1.0' },
          },
          {
            moduleName: 'theme',
            model: { primary: '#111', secondary: '#222', background: '#fff' },
          },
          { moduleName: 'redirect', model: redirect },
        ],
        gaConfig: { trackingId: null },
        recaptchaConfig: { recaptchaSiteKey: 'key' },
      },
    })
  it('redirects only to a different mapped host', () => {
    expect(redirectTarget(cfg({ 'old.example': 'new.example' }), 'old.example')).toBe('new.example')
    expect(redirectTarget(cfg({ 'new.example': 'new.example' }), 'new.example')).toBeNull()
    expect(redirectTarget(cfg({}), 'other.example')).toBeNull()
  })
})
