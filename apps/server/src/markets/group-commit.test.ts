import { describe, expect, it } from 'vitest'
import { GroupCommit } from './group-commit'

describe('GroupCommit', () => {
  it('writes what is submitted in one turn together, and what comes while it writes next', async () => {
    const groups: number[][] = []
    let release: () => void = () => {}
    const group = new GroupCommit<number, string>(async (items) => {
      groups.push([...items])
      if (groups.length === 1) await new Promise<void>((r) => (release = r))
      return items.map((i) => `done ${i}`)
    })
    const first = [group.submit(1), group.submit(2)]
    await new Promise((r) => setImmediate(r))
    const later = [group.submit(3), group.submit(4)]
    await new Promise((r) => setImmediate(r))
    expect(groups).toEqual([[1, 2]])
    release()
    expect(await Promise.all([...first, ...later])).toEqual([
      'done 1',
      'done 2',
      'done 3',
      'done 4',
    ])
    expect(groups).toEqual([
      [1, 2],
      [3, 4],
    ])
  })

  it('writes up to its concurrency of groups at once', async () => {
    let running = 0
    let most = 0
    const group = new GroupCommit<number, number>(async (items) => {
      most = Math.max(most, ++running)
      await new Promise((r) => setTimeout(r, 5))
      running--
      return items
    }, 2)
    const all: Promise<number>[] = []
    for (let turn = 0; turn < 5; turn++) {
      all.push(group.submit(turn))
      await new Promise((r) => setImmediate(r))
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
  })

  it('refuses every submission of a group whose write fails, and goes on with the next', async () => {
    let calls = 0
    const group = new GroupCommit<number, number>(async (items) => {
      calls++
      if (calls === 1) throw new Error('store down')
      return items
    })
    const failed = [group.submit(1), group.submit(2)]
    await expect(Promise.all(failed)).rejects.toThrow('store down')
    await expect(failed[1]).rejects.toThrow('store down')
    expect(await group.submit(3)).toBe(3)
  })
})
