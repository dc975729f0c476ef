import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import { buildNumberFormats } from './number-formats'

dayjs.extend(utc)

// The formatters are built when first needed: the first one loads the locale's data, tens of
// milliseconds on a phone, which must not hold up the app's first requests.
let formats: ReturnType<typeof buildNumberFormats> | undefined
const numberFormats = () => {
  formats ??= buildNumberFormats()
  return formats
}

/**
 * Builds the number formatters ahead of the first figure. A worker thread loads the locale's
 * data first, so the page's own thread, busy starting the app, spends next to nothing on it; without
 * workers, or when the worker fails, the page loads it itself.
 */
export const prepareNumberFormats = (): void => {
  if (typeof Worker === 'undefined') {
    numberFormats()
    return
  }
  const worker = new Worker(new URL('./number-formats.worker.ts', import.meta.url))
  const build = () => {
    worker.terminate()
    numberFormats()
  }
  worker.onmessage = build
  worker.onerror = build
}

/** Volumes at or above this are shown as a cap instead of a figure (betting-area §5). */
export const VOLUME_CAP = 500_000

/** formatMoney(12345678.5) → '1,23,45,678.50' */
export const formatMoney = (rupees: number): string => numberFormats().money.format(rupees)

/** formatWhole(10000000) → '1,00,00,000' */
export const formatWhole = (n: number): string => numberFormats().whole.format(n)

/**
 * Size offered at a price, rounded up after the brand's volume multiplier;
 * formatVolume(1234.2) → '1,235', formatVolume(600000) → '500.000+'.
 */
export const formatVolume = (size: number, volumeMultiplier = 1): string => {
  const shown = Math.ceil(size * volumeMultiplier)
  return shown >= VOLUME_CAP ? '500.000+' : numberFormats().whole.format(shown)
}

/** Decimal odds as an exchange shows them: formatOdds(2) → '2', formatOdds(1.5) → '1.5'. */
export const formatOdds = (price: number): string => String(Number(price.toFixed(2)))

/**
 * Times are shown at a fixed offset from UTC: India time (+330 minutes) unless the player's
 * time setting (shell §4) says otherwise.
 * formatMatchTime('2026-11-23T14:00:00Z') → '23 Nov 19:30'
 */
export const formatMatchTime = (iso: string, utcOffsetMinutes = INDIA_OFFSET_MINUTES): string =>
  dayjs.utc(iso).utcOffset(utcOffsetMinutes).format('DD MMM HH:mm')

/** The header clock: formatClock(new Date('2026-11-23T14:00:05Z')) → '23 Nov 2026, 19:30:05'. */
export const formatClock = (at: Date, utcOffsetMinutes = INDIA_OFFSET_MINUTES): string =>
  dayjs.utc(at).utcOffset(utcOffsetMinutes).format('DD MMM YYYY, HH:mm:ss')

/** Statement rows: formatDateTime('2026-11-23T14:00:05Z') → '23/11/2026 19:30:05' (India time). */
export const formatDateTime = (iso: string, utcOffsetMinutes = INDIA_OFFSET_MINUTES): string =>
  dayjs.utc(iso).utcOffset(utcOffsetMinutes).format('DD/MM/YYYY HH:mm:ss')
