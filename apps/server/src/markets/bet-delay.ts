import type { Clock } from '../clock'
import type { Result } from '../result'
import { isPendingDelay, type PlaceOptions } from './trade-types'

/** How far a placement has come through its market's bet delay. */
export type DelayState = Pick<PlaceOptions, 'waitedSeconds'>

/**
 * Places through the market's bet delay: the first attempt checks everything and, when the
 * market has a delay, answers BET.DELAY_PENDING; after waiting it places with every check run
 * again on the market as it is then: a suspension during the delay refuses; an exchange bet then
 * matches or rests against the book as it is (Betfair's rule), a bookmaker or session bet whose
 * quote moved is refused.
 * Called by the engine for the bet and cash-out routes.
 */
export async function placeThroughDelay<T>(
  clock: Clock,
  place: (delayed: DelayState) => Promise<Result<T>>,
): Promise<Result<T>> {
  let delayed: DelayState = { waitedSeconds: 0 }
  for (;;) {
    const result = await place(delayed)
    if (!isPendingDelay(result)) return result
    await waitOnClock(clock, (result.delaySeconds - (delayed.waitedSeconds ?? 0)) * 1000)
    delayed = { waitedSeconds: result.delaySeconds }
  }
}

/** Sleeps `ms` of the injected clock (a manual clock in tests only moves when told). */
export async function waitOnClock(clock: Clock, ms: number): Promise<void> {
  if (ms <= 0) return
  const until = clock.now() + ms
  while (clock.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(25, until - clock.now())))
  }
}
