import { describe, expect, it } from 'vitest'
import { betDelayKey, userSettingResponse } from './bet-settings'
import { DEFAULT_BET_DELAY_SECONDS, DEFAULT_USER_LIMITS } from './limits'

describe('betDelayKey', () => {
  it('picks the delay by market kind and event type as betting §9 lists', () => {
    expect(betDelayKey('MATCH_ODDS', '4')).toBe('matchoddsBetDelay')
    expect(betDelayKey('MATCH_ODDS', '1')).toBe('soccerBetDelay')
    expect(betDelayKey('MATCH_ODDS', '2')).toBe('tennisBetDelay')
    expect(betDelayKey('BOOKMAKER', '4')).toBe('bookmakerBetDelay')
    expect(betDelayKey('SESSION', '4')).toBe('fancyBetDelay')
    expect(betDelayKey('MATCH_ODDS', 'v9')).toBe('virtualBetDelay')
    expect(betDelayKey('SESSION', 'b9')).toBe('ballbyballBetDelay')
  })
})

describe('getUserSetting response', () => {
  it('parses default delays and limits, and unset limits as null', () => {
    const d = DEFAULT_BET_DELAY_SECONDS
    const delays = {
      matchoddsBetDelay: d,
      soccerBetDelay: d,
      tennisBetDelay: d,
      bookmakerBetDelay: d,
      fancyBetDelay: d,
      virtualBetDelay: d,
      ballbyballBetDelay: d,
    }
    const r = userSettingResponse.parse({
      status: true,
      data: { ...delays, ...DEFAULT_USER_LIMITS, tfancyMaxLimit: null },
    })
    expect(r.data.bookmakerMaxLimit).toBe(2_000_000)
    expect(r.data.tfancyMaxLimit).toBeNull()
  })
})
