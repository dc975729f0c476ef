/** `real` and `demo` money never meet: a ledger transaction stays within one book. */
export type LedgerBook = 'real' | 'demo'
