import type { OneClickSettingsRequest } from '@backlay/contract/stakes'
import { matchStackResponse, oneClickSettingsResponse } from '@backlay/contract/stakes'
import { api } from '../../../lib/api-client'

/** POST user/updateMatchStack: the desktop stake buttons. */
export const saveStakeButtons = async (matchStack: number[]) =>
  (await api.post('user/updateMatchStack', { match_stack: matchStack }, matchStackResponse)).data
    .match_stack

/** POST account/{id}/settings/one-click with the whole one-click object. */
export const saveOneClick = async (userId: string, settings: OneClickSettingsRequest['settings']) =>
  (
    await api.post(
      `account/${encodeURIComponent(userId)}/settings/one-click`,
      { settings },
      oneClickSettingsResponse,
    )
  ).data
