import { describe, expect, it } from 'vitest'
import { clientMessage, STREAM_MAX_CHANNELS, serverMessage } from './stream'
import { msg } from './test-fixtures'

describe('client messages', () => {
  it('subscribe defaults the channel lists not given', () => {
    expect(clientMessage.parse({ type: 'subscribe', market_ids: ['1.234'] })).toEqual({
      type: 'subscribe',
      market_ids: ['1.234'],
      fancy_match_ids: [],
      ladder_market_ids: [],
    })
  })
  it('resume carries the last seq per channel', () => {
    const m = clientMessage.parse({
      type: 'resume',
      id: 'r1',
      markets: [{ market_id: '1.234', seq: 41 }],
    })
    expect(m.type === 'resume' && m.markets[0]?.seq).toBe(41)
  })
  it('rejects unknown types, unknown fields and too many channels', () => {
    expect(clientMessage.safeParse({ type: 'place_bet' }).success).toBe(false)
    const extra = clientMessage.safeParse({ type: 'auth', token: 't', admin: true })
    expect(msg(extra)).toBe('Unknown field: admin')
    const many = Array.from({ length: STREAM_MAX_CHANNELS + 1 }, (_, i) => `1.${i}`)
    expect(clientMessage.safeParse({ type: 'subscribe', market_ids: many }).success).toBe(false)
  })
})

describe('server messages', () => {
  it('parses an image, a price delta and a private order update', () => {
    const ladder = [{ price: 1.95, size: 1200, oprice: 1.95 }]
    const image = serverMessage.parse({
      type: 'image',
      market_id: '1.234',
      seq: 0,
      status: 'OPEN',
      inplay: false,
      betDelay: 5,
      runners: [
        {
          selectionId: '4711',
          status: 'ACTIVE',
          availableToBack: ladder,
          availableToLay: [],
          tradedVolume: 0,
        },
      ],
    })
    expect(image.type).toBe('image')
    const delta = serverMessage.parse({
      type: 'prices',
      market_id: '1.234',
      seq: 1,
      runners: [{ selectionId: '4711', availableToLay: ladder }],
    })
    expect(delta.type === 'prices' && delta.runners[0]?.availableToBack).toBeUndefined()
    const order = serverMessage.parse({
      type: 'order',
      bet_id: 'b1',
      market_id: '1.234',
      selection_id: '4711',
      is_back: 0,
      odds: 2.5,
      status: 'PARTIALLY_MATCHED',
      matched_stack: 40,
      unmatched_stack: 60,
      avg_odds: 2.5,
    })
    expect(order.type === 'order' && order.unmatched_stack).toBe(60)
  })
  it('parses balance and heartbeat', () => {
    expect(serverMessage.parse({ type: 'balance', balance: 900, liability: 100 }).type).toBe(
      'balance',
    )
    expect(serverMessage.parse({ type: 'heartbeat', ts: 1_790_000_000_000 }).type).toBe('heartbeat')
  })
})
