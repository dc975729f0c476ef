// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { DialogButton, type DialogState, lazyNamed } from './lazy-overlay'

const page = () => Promise.resolve({ Page: ({ name }: { name: string }) => <p>page {name}</p> })

describe('lazyNamed', () => {
  it('shows the fallback until the module is in when nothing preloaded it', async () => {
    const Page = lazyNamed(page, 'Page')
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="a" />
      </Suspense>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByText('page a')).toBeTruthy()
  })

  it('renders a preloaded module in the first commit, without a fallback', async () => {
    const Page = lazyNamed(page, 'Page')
    await Page.preload()
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="b" />
      </Suspense>,
    )
    expect(screen.getByText('page b')).toBeTruthy()
    expect(screen.queryByText('loading')).toBeNull()
  })
})

describe('DialogButton', () => {
  const dialog = () =>
    Promise.resolve({
      Dialog: ({ open, onOpenChange }: DialogState) =>
        open ? (
          <div role="dialog">
            <button type="button" onClick={() => onOpenChange(false)}>
              close
            </button>
          </div>
        ) : (
          <p>closed</p>
        ),
    })

  it('loads and draws its dialog only once pressed, and keeps it after closing', async () => {
    const Dialog = lazyNamed(dialog, 'Dialog')
    let pressed = 0
    render(
      <DialogButton onClick={() => pressed++} dialog={(state) => <Dialog {...state} />}>
        rules
      </DialogButton>,
    )
    const button = screen.getByRole('button', { name: 'rules' })
    expect(button.getAttribute('aria-haspopup')).toBe('dialog')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByText('closed')).toBeNull()

    fireEvent.click(button)
    expect(pressed).toBe(1)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(await screen.findByRole('button', { name: 'close' }))
    expect(screen.getByText('closed')).toBeTruthy()
    expect(button.getAttribute('aria-expanded')).toBe('false')
  })
})
