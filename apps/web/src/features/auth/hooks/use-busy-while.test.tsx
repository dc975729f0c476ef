// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { ToastContainer } from 'react-toastify'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../../lib/i18n'
import { useBusyWhile } from './use-busy-while'

function SaveButton({ call }: { call: () => Promise<void> }) {
  const [busy, busyWhile] = useBusyWhile()
  return (
    <button type="button" disabled={busy} onClick={() => busyWhile(call)}>
      Save
    </button>
  )
}

function renderSave(call: () => Promise<void>) {
  render(
    <I18nextProvider i18n={i18n}>
      <SaveButton call={call} />
      <ToastContainer />
    </I18nextProvider>,
  )
  return screen.getByRole('button', { name: 'Save' })
}

afterEach(cleanup)

describe('useBusyWhile', () => {
  it('keeps the button disabled until the call settles', async () => {
    let finish = () => {}
    const save = renderSave(() => new Promise<void>((resolve) => (finish = resolve)))
    fireEvent.click(save)
    expect(save).toHaveProperty('disabled', true)
    await act(async () => finish())
    expect(save).toHaveProperty('disabled', false)
  })

  it('shows a failed call’s message as a toast and enables the button again', async () => {
    const save = renderSave(() => Promise.reject(new Error('Stake limit reached')))
    fireEvent.click(save)
    expect(await screen.findByText('Stake limit reached')).toBeTruthy()
    expect(save).toHaveProperty('disabled', false)
  })
})
