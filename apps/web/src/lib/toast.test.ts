import { describe, expect, it } from 'vitest'
import { toastIdOf, useConfirmStore } from './toast'

describe('toasts (shell §4)', () => {
  it('gives twins the same id so a duplicate is not shown twice', () => {
    const a = toastIdOf({ type: 'error', message: 'Server not responding' })
    expect(toastIdOf({ type: 'error', message: 'Server not responding' })).toBe(a)
    expect(toastIdOf({ type: 'warning', message: 'Server not responding' })).not.toBe(a)
    expect(toastIdOf({ type: 'error', title: 'Bet', message: 'Server not responding' })).not.toBe(a)
  })

  it('holds one confirm dialog at a time', () => {
    const noop = () => {}
    useConfirmStore.getState().show({ title: 'A', message: 'first', onConfirm: noop })
    useConfirmStore.getState().show({ title: 'B', message: 'second', onConfirm: noop })
    expect(useConfirmStore.getState().confirm?.title).toBe('B')
    useConfirmStore.getState().hide()
    expect(useConfirmStore.getState().confirm).toBeNull()
  })
})
