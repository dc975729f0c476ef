import { TOAST_MS } from '@backlay/contract/timing'
import { QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../lib/i18n'
import { lazyNamed } from '../lib/lazy-overlay'
import { queryClient } from '../lib/query-client'

// Fetched just after the first render: the toast library is not needed to draw the first screen,
// but its live region must exist before a modal dialog opens, or the dialog would hide it.
const ToastContainer = lazyNamed(() => import('react-toastify'), 'ToastContainer')

/** Server state, translations and toasts (shell §9 defaults: top-right, 5000 ms, newest on top, no bar). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TOAST_MS.default}
            hideProgressBar
            newestOnTop
          />
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  )
}
