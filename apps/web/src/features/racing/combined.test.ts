import type { DetailRunner } from '@backlay/contract/match-details'
import { describe, expect, it } from 'vitest'
import { splitStake } from '../bet-slip/stake-split'
import { combinedName, combinedOdds, togglePick } from './combined'

const runner = (id: string, cloth: string, back: number, lay: number, status = 'ACTIVE') =>
  ({
    selectionId: id,
    status,
    sort_priority: Number(cloth),
    metadata: { CLOTH_NUMBER: cloth, COLOURS_FILENAME: '', JOCKEY_NAME: '', TRAINER_NAME: '' },
    ex: {
      availableToBack: [{ price: back, oprice: back, size: 100 }],
      availableToLay: [{ price: lay, oprice: lay, size: 100 }],
      tradedVolume: 0,
    },
  }) as unknown as DetailRunner

describe('togglePick', () => {
  it('adds up to 4 active runners and removes a picked one', () => {
    let picked: string[] = []
    for (const id of ['a', 'b', 'c', 'd', 'e'])
      picked = togglePick(picked, runner(id, '1', 2, 3), true)
    expect(picked).toEqual(['a', 'b', 'c', 'd'])
    expect(togglePick(picked, runner('b', '2', 2, 3), true)).toEqual(['a', 'c', 'd'])
  })
  it('refuses suspended runners and suspended markets', () => {
    expect(togglePick([], runner('a', '1', 2, 3, 'SUSPENDED'), true)).toEqual([])
    expect(togglePick([], runner('a', '1', 2, 3), false)).toEqual([])
  })
})

describe('combined market', () => {
  const picks = [runner('a', '1', 2, 2.1), runner('b', '4', 4, 4.2)]
  it("names the runner by cloth numbers joined with '+'", () => {
    expect(combinedName(picks)).toBe('1+4')
  })
  it('derives the odds 1 / Σ(1 / odds) on the ladder', () => {
    expect(combinedOdds(picks, 'back')).toBe(1.33)
  })
  it('splits the stake in proportion to the odds in whole rupees', () => {
    expect(
      splitStake(100, [
        { selectionId: 'a', selectionName: 'A', odds: 2 },
        { selectionId: 'b', selectionName: 'B', odds: 4 },
      ]),
    ).toEqual({ ok: true, stakes: [67, 33] })
  })
})
