import { RouterProvider } from 'react-router'
import { bindSession } from '../features/auth/session-binding'
import '../features/language/stores/language-store'
import { AppProviders } from './providers'
import { router } from './router'

// Before the first request: the shared client sends the stored token and reports forced logouts.
bindSession()

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  )
}
