import { beforeEach, describe, expect, it } from 'vitest'
import { type SlipSelection, useBetSlip } from './bet-slip-store'

const selection: SlipSelection = {
  marketId: '1.1',
  marketType: 'MATCH_ODDS',
  marketName: 'Match Odds',
  eventTypeId: '4',
  eventId: '10',
  eventName: 'India v Australia',
  runnerId: '11',
  runnerName: 'India',
  isBack: true,
  price: 1.9,
  priceActual: 1.9,
  fancyPrice: 0,
  line: null,
  delay: 5,
  minBet: 100,
  maxBet: 100000,
}

beforeEach(() => useBetSlip.getState().cancel())

describe('bet slip store', () => {
  it('opens the confirm stage on a selection, with the one-click stake when given', () => {
    useBetSlip.getState().select(selection, 500)
    const s = useBetSlip.getState()
    expect(s.stage).toBe('confirm')
    expect(s.stake).toBe('500')
    expect(s.originalPrice).toBe(1.9)
  })

  it('adds preset buttons to the stake and keeps the guest cap', () => {
    const { select, addStake } = useBetSlip.getState()
    select(selection)
    addStake(100, true)
    addStake(200, true)
    expect(useBetSlip.getState().stake).toBe('300')
    addStake(600_000, false)
    expect(useBetSlip.getState().stake).toBe('500000')
  })

  it('keeps the last good stake and shows the message above the maximum', () => {
    const { select, setStake } = useBetSlip.getState()
    select(selection)
    setStake('250', true)
    setStake('100000000', true)
    expect(useBetSlip.getState()).toMatchObject({
      stake: '250',
      stakeError: 'Value cannot exceed 1,00,00,000.',
    })
  })

  it('follows live prices until the player types odds, never while processing', () => {
    const s = useBetSlip.getState()
    s.select(selection)
    s.livePrice(1.92, 1.92)
    expect(useBetSlip.getState().selection?.price).toBe(1.92)
    expect(useBetSlip.getState().originalPrice).toBe(1.9)
    s.setPrice(5, true)
    s.livePrice(1.95, 1.95)
    expect(useBetSlip.getState().selection?.price).toBe(5)
    s.select(selection)
    s.startProcessing(1_000)
    s.livePrice(1.8, 1.8)
    expect(useBetSlip.getState()).toMatchObject({ stage: 'processing', processingUntil: 6_000 })
    expect(useBetSlip.getState().selection?.price).toBe(1.9)
  })

  it('clears everything on cancel and after the response', () => {
    const s = useBetSlip.getState()
    s.select(selection, 100)
    s.cancel()
    expect(useBetSlip.getState()).toMatchObject({ selection: null, stake: '', stage: 'idle' })
    s.select(selection, 100)
    s.startProcessing(0)
    s.finish()
    expect(useBetSlip.getState()).toMatchObject({ selection: null, stage: 'idle' })
  })
})
