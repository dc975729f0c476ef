import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { prefetchFirstScreen } from './app/first-screen-data'
import { sessionReady } from './features/auth/stores/session-store'
import { languageReady } from './features/language/stores/language-store'
import { prepareNumberFormats } from './lib/format'
import './app/app.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const firstScreen = prefetchFirstScreen(window.location.pathname)
// In a task of its own once the first requests are out, while their answers are on the way.
setTimeout(prepareNumberFormats)

// A player who chose another language before sees it from the first paint, not after a flash,
// and a returning player sees their session, not a login button. As a transition the first
// render yields to the browser every few milliseconds instead of holding the main thread until
// the whole page is built.
void Promise.all([languageReady, sessionReady, firstScreen]).then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
)

// Production builds only: the worker keeps the app's files on the device (build/service-worker.js).
// A browser may refuse it (a private window, a certificate it does not trust): the site then works
// as before, without the offline page.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined)
  })
}
