import { describe, expect, it } from 'vitest'
import { DEFAULT_STAKE_PRESETS } from './limits'
import { oneClickSettingsRequest, stakeEditForm, updateMatchStackRequest } from './stakes'
import { msg } from './test-fixtures'

const withFirst = (v: unknown) => ({ match_stack: [v, ...DEFAULT_STAKE_PRESETS.slice(1)] })

describe('edit stakes form', () => {
  it("rejects 1.5 and text with 'Please enter a valid integer.'", () => {
    expect(msg(stakeEditForm.safeParse(withFirst('1.5')))).toBe('Please enter a valid integer.')
    expect(msg(stakeEditForm.safeParse(withFirst('abc')))).toBe('Please enter a valid integer.')
    expect(msg(stakeEditForm.safeParse(withFirst('')))).toBe('Please enter a valid integer.')
  })
  it('caps at 1,00,00,000', () => {
    expect(msg(stakeEditForm.safeParse(withFirst('10000001')))).toBe(
      'Value cannot exceed 1,00,00,000.',
    )
    expect(stakeEditForm.parse(withFirst('10000000')).match_stack[0]).toBe(10_000_000)
  })
  it('allows the maximum on one button only', () => {
    const twice = { match_stack: ['10000000', '10000000', '100'] }
    expect(msg(stakeEditForm.safeParse(twice))).toBe('Only one value can be 1,00,00,000.')
  })
})

describe('stake calls', () => {
  it('updateMatchStack takes numbers and the same rules', () => {
    expect(
      updateMatchStackRequest.parse({ match_stack: [...DEFAULT_STAKE_PRESETS] }).match_stack,
    ).toHaveLength(10)
    expect(msg(updateMatchStackRequest.safeParse({ match_stack: [100.5] }))).toBe(
      'Please enter a valid integer.',
    )
    expect(msg(updateMatchStackRequest.safeParse({ match_stack: ['100'] }))).toBe(
      'Please enter a valid integer.',
    )
  })
  it('one-click selected must index the list', () => {
    const settings = { active: true, selected: 3, settings: [100, 200, 500] }
    expect(msg(oneClickSettingsRequest.safeParse({ settings }))).toBe(
      'selected must point at one of the one-click stakes',
    )
    expect(
      oneClickSettingsRequest.safeParse({ settings: { ...settings, selected: 2 } }).success,
    ).toBe(true)
  })
})
