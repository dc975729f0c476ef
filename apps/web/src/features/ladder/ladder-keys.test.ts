import { describe, expect, it } from 'vitest'
import { ladderAction, movedRow } from './ladder-keys'

describe('ladder keyboard shortcuts', () => {
  it('move along the prices, bet, cancel and step the stake', () => {
    expect(ladderAction('ArrowUp')).toEqual({ kind: 'move', by: -1 })
    expect(ladderAction('ArrowDown')).toEqual({ kind: 'move', by: 1 })
    expect(ladderAction('b')).toEqual({ kind: 'back' })
    expect(ladderAction('L')).toEqual({ kind: 'lay' })
    expect(ladderAction('c')).toEqual({ kind: 'cancel' })
    expect(ladderAction('+')).toEqual({ kind: 'stake', by: 1 })
    expect(ladderAction('-')).toEqual({ kind: 'stake', by: -1 })
    expect(ladderAction('x')).toBeNull()
  })

  it('stay on the ladder', () => {
    expect(movedRow(0, -1, 31)).toBe(0)
    expect(movedRow(30, 1, 31)).toBe(30)
    expect(movedRow(5, 1, 31)).toBe(6)
    expect(movedRow(0, 1, 0)).toBe(0)
  })
})
