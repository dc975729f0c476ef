// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { lazyNamed } from './lazy-overlay'

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
