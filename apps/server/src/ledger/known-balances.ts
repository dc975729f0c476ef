import type { AccountRow } from './ledger'

/** Accounts remembered at most; the longest unused are forgotten first. */
const MAX_ACCOUNTS = 100_000

/**
 * Ledger accounts as this process last locked or moved them, so that the exchange can check a
 * group of placements without locking first and write it as one statement (trade-commit.ts).
 * They may be stale: another path or process may have moved an account since. So a write they
 * allow moves each balance by what it posts, and the store's CHECK refuses it if an account
 * would go below zero; a refusal they suggest is confirmed under lock. A stale balance costs
 * time, never a wrong answer.
 */
export class KnownBalances {
  private readonly accounts = new Map<string, AccountRow>()

  /** The accounts' rows, or undefined unless every one of them is known. */
  of(ids: readonly string[]): AccountRow[] | undefined {
    const rows: AccountRow[] = []
    for (const id of ids) {
      const row = this.accounts.get(id)
      if (!row) return undefined
      rows.push(row)
    }
    return rows
  }

  remember(rows: readonly AccountRow[]) {
    for (const row of rows) {
      // Taken out and put back, so the map's order is the order of last use.
      this.accounts.delete(row.id)
      this.accounts.set(row.id, row)
    }
    for (const id of this.accounts.keys()) {
      if (this.accounts.size <= MAX_ACCOUNTS) break
      this.accounts.delete(id)
    }
  }

  forget(ids: readonly string[]) {
    for (const id of ids) this.accounts.delete(id)
  }
}
