import { bindSession } from '../features/auth/session-binding'
import '../features/language/stores/language-store'
import { AppProviders } from './providers'
import { AppRouter } from './router'

// Before the first request: the shared client sends the stored token and reports forced logouts.
bindSession()

export function App() {
  return (
    <AppProviders>
      <AppRouter />
    </AppProviders>
  )
}
