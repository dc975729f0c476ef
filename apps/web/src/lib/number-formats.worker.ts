import { buildNumberFormats } from './number-formats'

// The locale data a formatter loads is kept by the browser for every thread of the page: loaded
// here, on a thread of its own, it is already there when the page builds its formatters.
buildNumberFormats()
postMessage('ready')
