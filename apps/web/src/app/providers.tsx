import { TOAST_MS } from '@backlay/contract/timing'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense, useEffect, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../lib/i18n'
import { lazyNamed } from '../lib/lazy-overlay'
import { queryClient } from '../lib/query-client'

const ToastContainer = lazyNamed(() => import('react-toastify'), 'ToastContainer')

/**
 * Shell §9 defaults: top-right, 5000 ms, newest on top, no bar. Fetched once the first screen is
 * painted: the toast library is not needed to draw it, and on a phone its download would share the
 * line with the first screen's. Its live region must still exist before a modal dialog opens, or
 * the dialog would hide it; no dialog opens before the first screen is there.
 */
function Toasts() {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    // A frame callback runs just before the browser paints; a task queued from it, just after.
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true))
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted ? (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_MS.default}
        hideProgressBar
        newestOnTop
      />
    </Suspense>
  ) : null
}

/** Server state, translations and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toasts />
      </QueryClientProvider>
    </I18nextProvider>
  )
}
