import { TOAST_MS } from '@backlay/contract/timing'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type ReactNode, Suspense, useState } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../lib/i18n'
import { lazyNamed } from '../lib/lazy-overlay'

// Fetched just after the first render: the toast library is not needed to draw the first screen,
// but its live region must exist before a modal dialog opens, or the dialog would hide it.
const ToastContainer = lazyNamed(() => import('react-toastify'), 'ToastContainer')

const makeQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      // Odds go stale within seconds; screens that poll set their own interval.
      queries: { staleTime: 2_000, retry: 1, refetchOnWindowFocus: true },
    },
  })

/** Server state, translations and toasts (shell §9 defaults: top-right, 5000 ms, newest on top, no bar). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
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
