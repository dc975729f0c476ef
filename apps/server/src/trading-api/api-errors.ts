import type { ApingErrorCode } from '@backlay/contract/betfair-api'

/** A call the API refuses as a whole, answered in Betfair's APINGException envelope. */
export class ApingError extends Error {
  constructor(
    readonly errorCode: ApingErrorCode,
    readonly details = '',
  ) {
    super(details || errorCode)
  }
}
