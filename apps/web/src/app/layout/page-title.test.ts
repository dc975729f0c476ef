import { describe, expect, it } from 'vitest'
import { backSteps, hasSideBars, isGamePage, pageTitle } from './page-title'

describe('pageTitle (shell §2)', () => {
  it('decodes the second segment of sport and competition pages', () => {
    expect(pageTitle('/sports-page/Cricket/4')).toEqual({ text: 'Cricket' })
    expect(pageTitle('/competition-detail-page/Indian%20Premier%20League/4/101')).toEqual({
      text: 'Indian Premier League',
    })
  })

  it('joins the casino-lobby segments with dashes as spaces', () => {
    expect(pageTitle('/casino-lobby/slot-games/Turbo%20Games')).toEqual({
      text: 'slot games Turbo Games',
    })
    expect(pageTitle('/casino-lobby/casino')).toEqual({ text: 'casino' })
  })

  it('names the other pages by their first segment, and none on home', () => {
    expect(pageTitle('/account-statement')).toEqual({ key: 'shell.titles.account-statement' })
    expect(pageTitle('/')).toBeNull()
  })
})

describe('layout rules (shell §2)', () => {
  it('goes back two steps from livegames only', () => {
    expect(backSteps('/livegames/aura/FAWK')).toBe(2)
    expect(backSteps('/event-page/4/1/2')).toBe(1)
  })

  it('treats casino and live-game pages as game pages', () => {
    expect(isGamePage('/casino-live/SPB-aviator/SPB')).toBe(true)
    expect(isGamePage('/casino-lobby/casino')).toBe(true)
    expect(isGamePage('/sports-page/Cricket/4')).toBe(false)
  })

  it('drops the side bars on indian-card-games', () => {
    expect(hasSideBars('/indian-card-games')).toBe(false)
    expect(hasSideBars('/')).toBe(true)
  })
})
