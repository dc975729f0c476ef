import { appConfigResponse, promotionsResponse } from '@backlay/contract/brand'
import { redirectTarget } from '@backlay/contract/brand-host'
import { DEFAULT_STAKE_PRESETS } from '@backlay/contract/limits'
import { MSG } from '@backlay/contract/validation-messages'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { brandsRepository } from '../../../../db/repositories/brands'
import {
  DEV_BRAND_CONFIG,
  DEV_PROMO_CODE,
  DEV_REFERRAL_CODES,
} from '../../../../seed/seed-accounts'
import { callApi, loginAs } from '../../../../test/session-helpers'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('brand, settings and statement calls', () => {
  const clock = manualClock('2026-11-23T10:00:00Z')
  let t: TestApp
  let demo1: Awaited<ReturnType<typeof loginAs>>
  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { FEED: 'off' } })
    demo1 = await loginAs(t.app, 'demo1', 'Password1')
  })
  afterAll(() => t.close())

  const api = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    body?: unknown,
    token?: string,
    host?: string,
  ) =>
    callApi(t.app, method, `/api/v1/${url}`, {
      ...(body !== undefined ? { body } : {}),
      ...(token ? { token } : {}),
      ...(host ? { headers: { host } } : {}),
    })

  describe('brand per host', () => {
    it('serves the app configuration of §3, all flags false for an unconfigured brand', async () => {
      await brandsRepository(t.app.db).ensure({
        id: 'lotus',
        host: 'lotus.example',
        name: 'Lotus',
        isDefault: false,
        config: {
          site: { isSignup: true },
          redirects: { 'old.lotus.example': 'lotus.example' },
          recaptchaSiteKey: 'site-key-1',
          logoUrl: 'https://cdn.example/lotus.png',
          istenpaisa: true,
        },
      })
      const res = await api('GET', 'app-config', undefined, undefined, 'www.lotus.example')
      expect(res.statusCode).toBe(200)
      const cfg = appConfigResponse.parse(res.json())
      const site = cfg.result.appConfig[0]
      expect(site?.moduleName).toBe('site')
      if (site?.moduleName !== 'site') throw new Error('site module first')
      expect(site.model).toMatchObject({
        isSignup: true,
        isDeposit: false,
        isLoginWithOtp: false,
        appName: 'Lotus',
        domain: 'lotus.example',
        bettingWidgetTheme: 'lotus-fair',
      })
      expect(cfg.result.appConfig[1]).toMatchObject({ moduleName: 'version' })
      expect(redirectTarget(cfg, 'old.lotus.example')).toBe('lotus.example')
      expect(cfg.result.recaptchaConfig.recaptchaSiteKey).toBe('site-key-1')
      expect(cfg.result.gaConfig.trackingId).toBeNull()

      const logo = await api('POST', 'content/getLogo', {}, undefined, 'app.lotus.example')
      expect(logo.json()).toEqual({
        status: true,
        data: { description: 'https://cdn.example/lotus.png' },
        self_host: false,
      })
      const setting = await api('POST', 'getSetting', { siteurl: 'https://www.lotus.example/' })
      expect(setting.json()).toEqual({ status: true, data: { istenpaisa: true } })
    })

    it('gives an unknown host the default brand, with host-derived logo path', async () => {
      const res = await api('GET', 'app-config', undefined, undefined, 'unknown.example')
      const site = appConfigResponse.parse(res.json()).result.appConfig[0]
      expect(site?.model).toMatchObject({ appName: 'Backlay' })
      const logo = await api('POST', 'content/getLogo', undefined, undefined, 'www.unknown.example')
      expect(logo.json()).toEqual({
        status: true,
        data: { description: '/brand-assets/unknown.example/logo.png' },
        self_host: true,
      })
    })

    it('answers support info to guests by siteurl and to users for their brand', async () => {
      const guest = await api('POST', 'getWpNumber', { siteurl: 'localhost' })
      expect(guest.json().data).toEqual(DEV_BRAND_CONFIG.support)
      const user = await api('POST', 'getUserWpNumber', { siteurl: 'x' }, demo1.token)
      expect(user.json().data.wpnumber).toBe(DEV_BRAND_CONFIG.support.wpnumber)
      expect((await api('POST', 'getUserWpNumber', { siteurl: 'x' })).statusCode).toBe(401)
    })

    it('lists running promotions with the socials', async () => {
      const res = await api('GET', 'promotions')
      const body = promotionsResponse.parse(res.json())
      expect(body.result.map((p) => p.code)).toEqual([DEV_PROMO_CODE])
      expect(body.socials.telegram).toEqual({ url: 'https://t.me/backlay', is_active: true })
    })

    it('applies a promo code once per player', async () => {
      const url = `account/${demo1.userId}/promotions/promo-code`
      const first = await api('POST', url, { promoCode: 'WELCOME100' }, demo1.token)
      expect(first.json()).toEqual({ status: true, msg: 'Promo code applied: Welcome bonus.' })
      const again = await api('POST', url, { promoCode: DEV_PROMO_CODE }, demo1.token)
      expect(again.statusCode).toBe(409)
      expect(again.json().msg).toBe('You have already used this promo code.')
      const unknown = await api('POST', url, { promoCode: 'nope' }, demo1.token)
      expect(unknown.statusCode).toBe(404)
      expect((await api('POST', url, { promoCode: 'WELCOME100' })).statusCode).toBe(401)
    })

    it('reads notification messages for guests and users', async () => {
      const guest = await api('GET', 'account/guest/notification/message')
      expect(guest.statusCode).toBe(200)
      expect(
        guest
          .json()
          .data.map((m: { Type: string | null }) => m.Type)
          .sort(),
      ).toEqual(['N', 'T'])
      const own = await api(
        'GET',
        `account/${demo1.userId}/notification/message`,
        undefined,
        demo1.token,
      )
      expect(own.json().data).toHaveLength(2)
      const other = await api(
        'GET',
        'account/someone-else/notification/message',
        undefined,
        demo1.token,
      )
      expect(other.statusCode).toBe(403)
    })

    it('sends CORS headers only to a brand host and security headers everywhere', async () => {
      const own = await api('GET', 'promotions', undefined, undefined, undefined)
      expect(own.headers['x-content-type-options']).toBe('nosniff')
      const csp = String(own.headers['content-security-policy'])
      expect(csp).toContain("frame-ancestors 'self'")
      expect(csp).not.toContain('upgrade-insecure-requests')
      expect(own.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      const allowed = await callApi(t.app, 'GET', '/api/v1/promotions', {
        headers: { origin: 'https://www.lotus.example' },
      })
      expect(allowed.headers['access-control-allow-origin']).toBe('https://www.lotus.example')
      const refused = await callApi(t.app, 'GET', '/api/v1/promotions', {
        headers: { origin: 'https://evil.example' },
      })
      expect(refused.headers['access-control-allow-origin']).toBeUndefined()
    })
  })

  describe('register and referral', () => {
    const registration = (change: Record<string, unknown> = {}) => ({
      name: 'Ravi',
      user_name: 'ravi_01',
      mobile: '9812345670',
      password: 'Secret12',
      country_code: '+91',
      ...change,
    })

    it.each([
      [{ user_name: '' }, MSG.usernameRequired],
      [{ country_code: '' }, MSG.countryRequired],
      [{ password: 'abc' }, MSG.registerPasswordMin],
      [{ mobile: '98123x' }, MSG.phoneDigitsOnly],
      [{ mobile: '981234' }, 'Phone Number must be 10 digits'],
      [{ mobile: '' }, MSG.phoneRequired],
      [{ extra: 1 }, 'Unrecognized key'],
    ])('refuses %j with the §5 message', async (change, msg) => {
      const res = await api('POST', 'user/register', registration(change))
      expect(res.statusCode).toBe(400)
      expect(res.json().msg).toContain(msg)
    })

    it('verifies referral codes case-insensitively and refuses unknown ones', async () => {
      const ok = await api('POST', 'verifyRefferalCode', { refer_code: 'DEMO1REF' })
      expect(ok.json()).toMatchObject({
        status: true,
        data: { refer_code: DEV_REFERRAL_CODES.demo1 },
      })
      const promo = await api('POST', 'verifyRefferalCode', { refer_code: 'Welcome100' })
      expect(promo.statusCode).toBe(200)
      const bad = await api('POST', 'verifyRefferalCode', { refer_code: 'nope' })
      expect(bad.statusCode).toBe(404)
      expect(bad.json()).toMatchObject({ status: false, msg: 'Invalid referral code.' })
    })

    it('registers, then logs in; a second sign-up of the name or mobile is refused', async () => {
      const res = await api('POST', 'user/register', registration({ refer_code: 'DEMO1REF' }))
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ status: true, msg: 'Registration successful. Welcome!' })
      const session = await loginAs(t.app, 'ravi_01', 'Secret12')
      expect(session.body.data).toMatchObject({ isB2C: true, mobile: '9812345670' })
      const byMobile = await loginAs(t.app, '+919812345670', 'Secret12')
      expect(byMobile.userId).toBe(session.userId)
      const again = await api('POST', 'user/register', registration({ user_name: 'RAVI_01' }))
      expect(again.statusCode).toBe(409)
      const sameMobile = await api('POST', 'user/register', registration({ user_name: 'ravi_02' }))
      expect(sameMobile.json().msg).toBe('This mobile number is already registered.')
      const badCode = await api(
        'POST',
        'user/register',
        registration({ user_name: 'ravi_03', mobile: '9812345671', refer_code: 'zzz' }),
      )
      expect(badCode.json().msg).toBe('Invalid referral code.')
    })

    it('puts a player referred by an operator under that operator', async () => {
      const res = await api(
        'POST',
        'user/register',
        registration({ user_name: 'opkid', mobile: '9812345679', refer_code: 'OP1REF' }),
      )
      expect(res.statusCode, res.body).toBe(200)
      const kid = await loginAs(t.app, 'opkid', 'Secret12')
      expect(kid.body.data.isB2C).toBe(false)
      expect(kid.body.operatorId).not.toBe('')
    })

    it('refuses sign-up where the brand has it off, unless by referral when that is on', async () => {
      await brandsRepository(t.app.db).ensure({
        id: 'closed',
        host: 'closed.example',
        name: 'Closed',
        isDefault: false,
        config: { site: { isSignupByReferral: true } },
      })
      const plain = await api(
        'POST',
        'user/register',
        registration({ user_name: 'closed1', mobile: '9000000101' }),
        undefined,
        'closed.example',
      )
      expect(plain.statusCode, plain.body).toBe(403)
      expect(plain.json().msg).toBe('Sign-up is not available on this site.')
      await t.app.db
        .insertInto('promotions')
        .values({
          id: 'closed:vip',
          brand_id: 'closed',
          code: 'VIP',
          title: 'VIP',
          description: 'x',
          image: null,
          valid_until: null,
        })
        .execute()
      const referred = await api(
        'POST',
        'user/register',
        registration({ user_name: 'closed1', mobile: '9000000101', refer_code: 'Vip' }),
        undefined,
        'closed.example',
      )
      expect(referred.statusCode, referred.body).toBe(200)
    })
  })

  describe('settings', () => {
    it('reads and saves the match stack; validation messages of betting §5', async () => {
      const read = await api('POST', 'user/getUserMatchStack', {}, demo1.token)
      expect(read.json().data.match_stack).toEqual([...DEFAULT_STAKE_PRESETS])
      const saved = await api(
        'POST',
        'user/updateMatchStack',
        { match_stack: [100, 500, 10_000_000] },
        demo1.token,
      )
      expect(saved.statusCode, saved.body).toBe(200)
      expect(saved.json()).toEqual({
        status: true,
        msg: 'Stakes updated.',
        data: { match_stack: [100, 500, 10_000_000] },
      })
      for (const [stack, msg] of [
        [[1.5], MSG.stakeNotInteger],
        [[10_000_001], MSG.stakeAboveMax],
        [[10_000_000, 10_000_000], MSG.stakeMaxOnce],
      ] as const) {
        const res = await api('POST', 'user/updateMatchStack', { match_stack: stack }, demo1.token)
        expect(res.statusCode).toBe(400)
        expect(res.json().msg).toContain(msg)
      }
      const guest = await api('POST', 'user/updateMatchStack', { match_stack: [100] })
      expect(guest.statusCode).toBe(401)
      expect(guest.json().msg).toBe(MSG.loginToChangeStakes)
    })

    it('refuses stake changes of demo users with the spec message', async () => {
      const demo = (await api('POST', 'user/autoDemoUserLogin')).json().data
      const session = await loginAs(t.app, demo.user_name, demo.password)
      const res = await api('POST', 'user/updateMatchStack', { match_stack: [100] }, session.token)
      expect(res.statusCode).toBe(403)
      expect(res.json()).toEqual({ status: false, msg: MSG.demoRefused, code: 'DEMO.FORBIDDEN' })
      const mobile = await api(
        'POST',
        `account/${session.userId}/settings/mobile-stakes`,
        { settings: [100] },
        session.token,
      )
      expect(mobile.json().msg).toBe(MSG.demoRefused)
    })

    it('saves each stake list and one-click settings for the own account only', async () => {
      const url = (tail: string) => `account/${demo1.userId}/settings/${tail}`
      const mobile = await api('POST', url('mobile-stakes'), { settings: [50, 60] }, demo1.token)
      expect(mobile.json().data.mobileStakesSettings).toEqual([50, 60])
      const game = await api(
        'POST',
        url('mobile-stakes-exchange-game'),
        { settings: [70] },
        demo1.token,
      )
      expect(game.json().data).toMatchObject({
        mobileStakesSettings: [50, 60],
        mobileStakesExchangeGameSettings: [70],
      })
      const desk = await api('POST', url('stakes'), { settings: [80] }, demo1.token)
      expect(desk.json().data.settings).toEqual([80])
      const oneClick = await api(
        'POST',
        url('one-click'),
        { settings: { active: true, selected: 1, settings: [100, 200] } },
        demo1.token,
      )
      expect(oneClick.json().data).toEqual({ active: true, selected: 1, settings: [100, 200] })
      const badIndex = await api(
        'POST',
        url('one-click'),
        { settings: { active: true, selected: 2, settings: [100, 200] } },
        demo1.token,
      )
      expect(badIndex.json().msg).toContain(MSG.oneClickSelected)
      const notMine = await api(
        'POST',
        'account/other/settings/stakes',
        { settings: [80] },
        demo1.token,
      )
      expect(notMine.statusCode).toBe(403)
      // Login forces one-click off again (shell §4).
      const again = await loginAs(t.app, 'demo1', 'Password1')
      expect(again.body.data.settings.oneClickSettings).toEqual({
        active: false,
        selected: 1,
        settings: [100, 200],
      })
      demo1 = again
    })

    it('keeps the bet settings ("Match now or cancel") across a login', async () => {
      const url = `account/${demo1.userId}/settings/bet`
      const saved = await api('POST', url, { settings: { fillOrKill: true } }, demo1.token)
      expect(saved.json()).toMatchObject({ status: true, data: { fillOrKill: true } })
      const bad = await api('POST', url, { settings: { fillOrKill: 'yes' } }, demo1.token)
      expect(bad.statusCode).toBe(400)
      const again = await loginAs(t.app, 'demo1', 'Password1')
      expect(again.body.data.settings.betSettings).toEqual({ fillOrKill: true })
      await api('POST', url, { settings: { fillOrKill: false } }, again.token)
      demo1 = again
    })

    it('answers bet delays and limits, balance settings, wallet switch, wagering and profile', async () => {
      const setting = await api('POST', 'getUserSetting', {}, demo1.token)
      expect(setting.json().data).toMatchObject({ matchoddsBetDelay: 5, fancyMaxLimit: null })
      const volumes = await api(
        'GET',
        `account/${demo1.userId}/balance-settings`,
        undefined,
        demo1.token,
      )
      expect(volumes.json().data['4']).toEqual({ volumeMultiplier: 1 })
      const sw = await api(
        'PUT',
        `account/${demo1.userId}/settings/switch-wallet?useBonusWallet=true&walletCode=casino_bonus`,
        undefined,
        demo1.token,
      )
      expect(sw.json()).toEqual({ status: true, msg: 'Now playing from the casino_bonus wallet.' })
      const badSw = await api(
        'PUT',
        `account/${demo1.userId}/settings/switch-wallet?useBonusWallet=maybe&walletCode=x`,
        undefined,
        demo1.token,
      )
      expect(badSw.statusCode).toBe(400)
      // demo1 is seeded a ₹1,000 sports welcome bonus and nothing in the casino bonus wallet.
      const wagering = await api(
        'GET',
        'account/wagering-details?walletType=sports_bonus',
        undefined,
        demo1.token,
      )
      expect(wagering.json()).toMatchObject({
        success: true,
        result: { walletType: 'sports_bonus', bonusBalance: 1000 },
      })
      const noBonus = await api(
        'GET',
        'account/wagering-details?walletType=casino_bonus',
        undefined,
        demo1.token,
      )
      expect(noBonus.json()).toEqual({
        success: true,
        msg: 'No active bonus in this wallet.',
        result: null,
      })
      const profile = await api(
        'GET',
        `account/${demo1.userId}/profile/get`,
        undefined,
        demo1.token,
      )
      expect(profile.json().data).toMatchObject({
        user_name: 'demo1',
        mobile: '9000000001',
        email: null,
      })
      const time = await api('POST', 'user/timeSetting', { timeZoneName: 'device' }, demo1.token)
      expect(time.json().data).toEqual({
        timeZoneName: 'device',
        serverTime: '2026-11-23T10:00:00.000Z',
      })
      expect(
        (await api('GET', 'user/timeSetting', undefined, demo1.token)).json().data.timeZoneName,
      ).toBe('device')
      const email = await api('GET', `profile/verify/email/${demo1.userId}/wrong-token`)
      expect(email.json().status.statusCode).toBe('FAILED')
    })
  })
})
