import { describe, expect, it } from 'vitest'
import { frameHeightFor, frameMessageOf, INITIAL_CONTENT_HEIGHT } from './frame-protocol'

const PROVIDER = 'http://localhost:8090'

describe('casino frame protocol', () => {
  it('starts at 500 + 100 px and adds 100 to every reported height', () => {
    expect(frameHeightFor(INITIAL_CONTENT_HEIGHT)).toBe(600)
    expect(frameHeightFor(812)).toBe(912)
  })

  it('accepts resize and balance messages from the exact provider origin', () => {
    expect(
      frameMessageOf({ origin: PROVIDER, data: { type: 'resize', height: 811.4 } }, PROVIDER),
    ).toEqual({
      type: 'resize',
      height: 812,
    })
    expect(frameMessageOf({ origin: PROVIDER, data: { type: 'balance' } }, PROVIDER)).toEqual({
      type: 'balance',
    })
  })

  it.each([
    'http://localhost:8091',
    'https://localhost:8090',
    'http://127.0.0.1:8090',
    'http://localhost:8090.evil.test',
    'null',
  ])('ignores a message from %s', (origin) => {
    expect(
      frameMessageOf({ origin, data: { type: 'resize', height: 900 } }, PROVIDER),
    ).toBeUndefined()
  })

  it('ignores malformed messages and caps a runaway height', () => {
    for (const data of [
      null,
      'resize',
      { type: 'resize' },
      { type: 'resize', height: -5 },
      { type: 'resize', height: Number.NaN },
      { type: 'other' },
    ]) {
      expect(frameMessageOf({ origin: PROVIDER, data }, PROVIDER)).toBeUndefined()
    }
    expect(
      frameMessageOf({ origin: PROVIDER, data: { type: 'resize', height: 1e9 } }, PROVIDER),
    ).toEqual({
      type: 'resize',
      height: 20_000,
    })
  })
})
