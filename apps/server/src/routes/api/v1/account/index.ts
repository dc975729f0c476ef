import { messageResponse } from '@backlay/contract/auth'
import {
  balanceSettingsResponse,
  switchWalletQuery,
  wageringDetailsQuery,
  wageringDetailsResponse,
} from '@backlay/contract/balance'
import { notificationMessagesResponse, promoCodeRequest } from '@backlay/contract/brand'
import { profileResponse } from '@backlay/contract/profile'
import {
  betSettingsRequest,
  betSettingsResponse,
  oneClickSettingsRequest,
  oneClickSettingsResponse,
  stakesSettingsRequest,
  stakesSettingsResponse,
} from '@backlay/contract/stakes'
import {
  accountStatementDetailsRequest,
  accountStatementDetailsResponse,
  accountStatementRequest,
  accountStatementResponse,
  profitLossRequest,
  profitLossResponse,
  transferStatementRequest,
  transferStatementResponse,
} from '@backlay/contract/statements'
import { MSG } from '@backlay/contract/validation-messages'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { refuseDemo } from '../../../../auth/refuse-demo'
import { accountProfilesRepository } from '../../../../db/repositories/account-profiles'
import { usersRepository } from '../../../../db/repositories/users'
import { sendFailure } from '../../../../http/failure-status'
import { callerBrand } from '../../../../http/request-brand'
import { applyPromoCode, notificationsFor, wageringOf } from '../../../../use-cases/account-reads'
import {
  type StakeList,
  saveBetSettings,
  saveOneClick,
  saveStakes,
} from '../../../../use-cases/account-settings'
import { volumeMultipliersOf } from '../../../../use-cases/brand-config'
import {
  accountStatement,
  profitLoss,
  statementDetails,
  transferStatement,
} from '../../../../use-cases/statements'
import { appKeyRoutes } from './app-keys'

/** `{id}` of account/{id}/…: the caller's own `_id`, or `guest` where guests may read. */
const accountParams = z.strictObject({ id: z.string().trim().min(1).max(64) })
export const GUEST_ACCOUNT_ID = 'guest'
const NOT_LOGGED_IN = { code: 'AUTH.UNAUTHORIZED', msg: 'Please log in to continue.' } as const
const NOT_YOURS = {
  code: 'ACCOUNT.FORBIDDEN',
  msg: 'You can only use your own account.',
} as const

/**
 * Account calls of shell §7 and betting §7 (settings, balance settings, notifications,
 * wallet switch, wagering, profile) and the statements (ours: POST account/statement,
 * account/statement/details, account/profit-loss, account/transfer-statement).
 */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(appKeyRoutes)
  /** requireUser plus: `{id}` must be the caller's own account. */
  const requireOwnAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    await app.requireUser(request, reply)
    if (reply.sent) return
    const { id } = request.params as { id?: string }
    if (id !== request.user?.userId) return sendFailure(reply, NOT_YOURS)
  }
  /** Guests may read with `{id}` = guest; anyone else needs their own account. */
  const guestOrOwnAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const { id } = request.params as { id?: string }
    if (id === GUEST_ACCOUNT_ID) return
    return requireOwnAccount(request, reply)
  }
  /** A guest saving stakes reads 'Please Login In to Change Stakes' (betting §5). */
  const ownAccountForStakes = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.headers.authorization) {
      return sendFailure(reply, { code: 'AUTH.UNAUTHORIZED', msg: MSG.loginToChangeStakes })
    }
    return requireOwnAccount(request, reply)
  }
  const userIdOf = (request: FastifyRequest) => request.user?.userId ?? ''
  const ownerOf = async (request: FastifyRequest) => {
    const user = await usersRepository(app.db).findById(userIdOf(request))
    return user
      ? { userId: user.id, book: user.is_demo ? ('demo' as const) : ('real' as const) }
      : null
  }

  const stakeRoutes: [path: string, list: StakeList][] = [
    ['/:id/settings/stakes', 'settings'],
    ['/:id/settings/mobile-stakes', 'mobileStakesSettings'],
    ['/:id/settings/mobile-stakes-exchange-game', 'mobileStakesExchangeGameSettings'],
  ]
  for (const [path, list] of stakeRoutes) {
    app.post(
      path,
      {
        preHandler: [ownAccountForStakes, refuseDemo],
        schema: {
          params: accountParams,
          body: stakesSettingsRequest,
          response: { 200: stakesSettingsResponse },
        },
      },
      async (request) => {
        const saved = await saveStakes(app.db, userIdOf(request), list, request.body.settings)
        return { status: true as const, msg: 'Stakes updated.', data: saved.presetStakeSettings }
      },
    )
  }

  app.post(
    '/:id/settings/one-click',
    {
      preHandler: requireOwnAccount,
      schema: {
        params: accountParams,
        body: oneClickSettingsRequest,
        response: { 200: oneClickSettingsResponse },
      },
    },
    async (request) => {
      const saved = await saveOneClick(app.db, userIdOf(request), request.body.settings)
      return {
        status: true as const,
        msg: 'One-click settings saved.',
        data: saved.oneClickSettings,
      }
    },
  )

  app.post(
    '/:id/settings/bet',
    {
      preHandler: requireOwnAccount,
      schema: {
        params: accountParams,
        body: betSettingsRequest,
        response: { 200: betSettingsResponse },
      },
    },
    async (request) => {
      const saved = await saveBetSettings(app.db, userIdOf(request), request.body.settings)
      return { status: true as const, msg: 'Bet settings saved.', data: saved.betSettings }
    },
  )

  app.post(
    '/:id/promotions/promo-code',
    {
      preHandler: requireOwnAccount,
      schema: { params: accountParams, body: promoCodeRequest, response: { 200: messageResponse } },
    },
    async (request, reply) => {
      if (!request.user) return sendFailure(reply, NOT_LOGGED_IN)
      const applied = await applyPromoCode(app.db, app.clock, {
        userId: request.user.userId,
        brandId: request.user.brandId,
        code: request.body.promoCode,
      })
      if (!applied.ok) return sendFailure(reply, applied)
      return { status: true as const, msg: `Promo code applied: ${applied.value.title}.` }
    },
  )

  app.put(
    '/:id/settings/switch-wallet',
    {
      preHandler: requireOwnAccount,
      schema: {
        params: accountParams,
        querystring: switchWalletQuery,
        body: z.strictObject({}).nullish(),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const { useBonusWallet, walletCode } = request.query
      await accountProfilesRepository(app.db).save(userIdOf(request), {
        use_bonus_wallet: useBonusWallet,
        wallet_code: walletCode,
      })
      return {
        status: true as const,
        msg: useBonusWallet
          ? `Now playing from the ${walletCode} wallet.`
          : 'Now playing from the main wallet.',
      }
    },
  )

  app.get(
    '/:id/balance-settings',
    {
      preHandler: guestOrOwnAccount,
      schema: { params: accountParams, response: { 200: balanceSettingsResponse } },
    },
    async (request, reply) => {
      const brand = await callerBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      return { status: true as const, data: volumeMultipliersOf(brand.value) }
    },
  )

  app.get(
    '/:id/notification/message',
    {
      preHandler: guestOrOwnAccount,
      schema: { params: accountParams, response: { 200: notificationMessagesResponse } },
    },
    async (request, reply) => {
      const brand = await callerBrand(request)
      if (!brand.ok) return sendFailure(reply, brand)
      return {
        status: true as const,
        data: await notificationsFor(app.db, brand.value.id, request.user?.userId ?? null),
      }
    },
  )

  app.get(
    '/:id/profile/get',
    {
      preHandler: requireOwnAccount,
      schema: { params: accountParams, response: { 200: profileResponse } },
    },
    async (request, reply) => {
      const user = await usersRepository(app.db).findById(userIdOf(request))
      if (!user) return sendFailure(reply, NOT_LOGGED_IN)
      const profile = await accountProfilesRepository(app.db).get(user.id)
      return {
        status: true as const,
        data: {
          memberCode: user.id,
          name: user.name,
          user_name: user.user_name,
          email: profile.email,
          email_verified: profile.email_verified,
          country_code: user.country_code,
          mobile: user.mobile,
          // Generated<CreatedAt> does not unwrap to Date in Selectable; the driver returns a Date.
          createdAt: new Date(user.created_at as unknown as Date).toISOString(),
        },
      }
    },
  )

  app.get(
    '/wagering-details',
    {
      preHandler: app.requireUser,
      schema: { querystring: wageringDetailsQuery, response: { 200: wageringDetailsResponse } },
    },
    async (request) => {
      const result = await wageringOf(app.db, userIdOf(request), request.query.walletType)
      return result
        ? { success: true, result }
        : { success: true, msg: 'No active bonus in this wallet.', result: null }
    },
  )

  app.post(
    '/statement',
    {
      preHandler: app.requireUser,
      schema: { body: accountStatementRequest, response: { 200: accountStatementResponse } },
    },
    async (request, reply) => {
      const owner = await ownerOf(request)
      if (!owner) return sendFailure(reply, NOT_LOGGED_IN)
      return { status: true as const, data: await accountStatement(app.db, owner, request.body) }
    },
  )

  app.post(
    '/statement/details',
    {
      preHandler: app.requireUser,
      schema: {
        body: accountStatementDetailsRequest,
        response: { 200: accountStatementDetailsResponse },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request)
      if (!owner) return sendFailure(reply, NOT_LOGGED_IN)
      const details = await statementDetails(app.db, owner, request.body.id)
      if (!details)
        return sendFailure(reply, { code: 'STATEMENT.NOT_FOUND', msg: 'No such statement entry.' })
      return { status: true as const, data: details }
    },
  )

  app.post(
    '/profit-loss',
    {
      preHandler: app.requireUser,
      schema: { body: profitLossRequest, response: { 200: profitLossResponse } },
    },
    async (request, reply) => {
      const owner = await ownerOf(request)
      if (!owner) return sendFailure(reply, NOT_LOGGED_IN)
      return { status: true as const, data: await profitLoss(app.db, owner, request.body) }
    },
  )

  app.post(
    '/transfer-statement',
    {
      preHandler: app.requireUser,
      schema: { body: transferStatementRequest, response: { 200: transferStatementResponse } },
    },
    async (request, reply) => {
      const owner = await ownerOf(request)
      if (!owner) return sendFailure(reply, NOT_LOGGED_IN)
      return { status: true as const, data: await transferStatement(app.db, owner, request.body) }
    },
  )
}
export default accountRoutes
