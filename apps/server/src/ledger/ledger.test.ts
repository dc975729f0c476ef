import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeAtomically } from '../db/one-statement'
import { openMigratedTestDatabase } from '../test/test-database'
import {
  balanceFromEntries,
  balanceOf,
  HOUSE_CASH,
  lockAccounts,
  openAccount,
  openHouseAccount,
  postTransaction,
} from './ledger'

type Db = Awaited<ReturnType<typeof openMigratedTestDatabase>>['db']

const newAccount = async (db: Db, id: string, allowNegative = false) => {
  await openAccount(db, { id, kind: 'user.cash', book: 'real', ownerUserId: null, allowNegative })
  return id
}

describe('ledger', () => {
  let db: Db
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ db, close } = await openMigratedTestDatabase())
    await openHouseAccount(db, 'real')
    await openHouseAccount(db, 'demo')
  })
  afterAll(() => close())

  it('posts a balanced transaction and derives the balances', async () => {
    const a = await newAccount(db, 'basic:a')
    const posted = await postTransaction(db, {
      kind: 'test.credit',
      book: 'real',
      legs: [
        { accountId: HOUSE_CASH.real, amount: -2500 },
        { accountId: a, amount: 2500 },
      ],
    })
    expect(posted.ok && posted.value.balances[a]).toBe(2500)
    expect(await balanceOf(db, a)).toBe(2500)
    expect(await balanceFromEntries(db, a)).toBe(2500)
  })

  it.each([
    [[{ accountId: 'x', amount: 100 }], 'LEDGER.INVALID'],
    [
      [
        { accountId: 'x', amount: 100 },
        { accountId: 'y', amount: -99 },
      ],
      'LEDGER.UNBALANCED',
    ],
    [
      [
        { accountId: 'x', amount: 0.5 },
        { accountId: 'y', amount: -0.5 },
      ],
      'LEDGER.INVALID',
    ],
    [
      [
        { accountId: 'x', amount: 0 },
        { accountId: 'y', amount: 0 },
      ],
      'LEDGER.INVALID',
    ],
  ])('refuses %j with %s and writes nothing', async (legs, code) => {
    const before = await sql<{ n: number }>`select count(*) as n from ledger_entries`.execute(db)
    const result = await postTransaction(db, { kind: 'test.bad', book: 'real', legs })
    expect(result).toMatchObject({ ok: false, code })
    const after = await sql<{ n: number }>`select count(*) as n from ledger_entries`.execute(db)
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n)
  })

  it('refuses to take a player account below zero, writing nothing', async () => {
    const a = await newAccount(db, 'funds:a')
    const b = await newAccount(db, 'funds:b')
    const result = await postTransaction(db, {
      kind: 'test.transfer',
      book: 'real',
      legs: [
        { accountId: a, amount: -1 },
        { accountId: b, amount: 1 },
      ],
    })
    expect(result).toEqual({
      ok: false,
      code: 'LEDGER.INSUFFICIENT_FUNDS',
      msg: 'Insufficient balance.',
    })
    expect([await balanceOf(db, a), await balanceOf(db, b)]).toEqual([0, 0])
  })

  it('returns the first posting again for a repeated idempotency key', async () => {
    const a = await newAccount(db, 'idem:a')
    const input = {
      kind: 'test.credit',
      book: 'real' as const,
      idempotencyKey: 'idem:once',
      legs: [
        { accountId: HOUSE_CASH.real, amount: -700 },
        { accountId: a, amount: 700 },
      ],
    }
    const first = await postTransaction(db, input)
    const second = await postTransaction(db, input)
    expect(second.ok && first.ok && second.value.transactionId === first.value.transactionId).toBe(
      true,
    )
    expect(second.ok && second.value.replayed).toBe(true)
    expect(await balanceOf(db, a)).toBe(700)
  })

  it('keeps real and demo money apart', async () => {
    const a = await newAccount(db, 'book:a')
    await expect(
      postTransaction(db, {
        kind: 'test.mixed',
        book: 'real',
        legs: [
          { accountId: HOUSE_CASH.demo, amount: -100 },
          { accountId: a, amount: 100 },
        ],
      }),
    ).rejects.toThrow(/demo book/)
    expect(await balanceOf(db, a)).toBe(0)
  })

  it('refuses to edit or delete ledger rows', async () => {
    await expect(sql`update ledger_entries set amount = amount + 1`.execute(db)).rejects.toThrow(
      /immutable/,
    )
    await expect(sql`delete from ledger_transactions`.execute(db)).rejects.toThrow(/immutable/)
  })

  it('joins a caller’s transaction: a later failure there rolls the posting back too', async () => {
    const a = await newAccount(db, 'trx:a')
    await expect(
      db.transaction().execute(async (trx) => {
        await postTransaction(trx, {
          kind: 'test.credit',
          book: 'real',
          legs: [
            { accountId: HOUSE_CASH.real, amount: -300 },
            { accountId: a, amount: 300 },
          ],
        })
        throw new Error('the caller’s next step failed')
      }),
    ).rejects.toThrow()
    expect(await balanceOf(db, a)).toBe(0)
    expect(await balanceFromEntries(db, a)).toBe(0)
  })

  it('lets concurrent debits through only while funds last', async () => {
    const a = await newAccount(db, 'race:a')
    await postTransaction(db, {
      kind: 'test.credit',
      book: 'real',
      legs: [
        { accountId: HOUSE_CASH.real, amount: -1000 },
        { accountId: a, amount: 1000 },
      ],
    })
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        postTransaction(db, {
          kind: 'test.debit',
          book: 'real',
          legs: [
            { accountId: a, amount: -100 },
            { accountId: HOUSE_CASH.real, amount: 100 },
          ],
        }),
      ),
    )
    expect(results.filter((r) => r.ok)).toHaveLength(10)
    expect(await balanceOf(db, a)).toBe(0)
    expect(await balanceFromEntries(db, a)).toBe(0)
  })

  it('after any sequence of credits, debits and transfers, each balance is the sum of its rows and all rows sum to zero', async () => {
    let run = 0
    const op = fc.oneof(
      fc.record({
        type: fc.constant('credit' as const),
        to: fc.nat(3),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
      fc.record({
        type: fc.constant('debit' as const),
        from: fc.nat(3),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
      fc.record({
        type: fc.constant('transfer' as const),
        from: fc.nat(3),
        to: fc.nat(3),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 15 }), async (ops) => {
        run++
        const users = await Promise.all([0, 1, 2, 3].map((i) => newAccount(db, `prop:${run}:${i}`)))
        const model = [0, 0, 0, 0]
        const id = (i: number) => users[i] as string
        for (const o of ops) {
          const legs =
            o.type === 'credit'
              ? [
                  { accountId: HOUSE_CASH.real, amount: -o.amount },
                  { accountId: id(o.to), amount: o.amount },
                ]
              : o.type === 'debit'
                ? [
                    { accountId: id(o.from), amount: -o.amount },
                    { accountId: HOUSE_CASH.real, amount: o.amount },
                  ]
                : [
                    { accountId: id(o.from), amount: -o.amount },
                    { accountId: id(o.to), amount: o.amount },
                  ]
          const result = await postTransaction(db, { kind: `test.${o.type}`, book: 'real', legs })
          const next = [...model]
          for (const leg of legs) {
            const i = users.indexOf(leg.accountId)
            if (i >= 0) next[i] = (next[i] ?? 0) + leg.amount
          }
          const allowed = next.every((b) => b >= 0)
          expect(result.ok).toBe(allowed)
          if (allowed) model.splice(0, 4, ...next)
        }
        for (const [i, account] of users.entries()) {
          const balance = await balanceOf(db, account)
          expect(balance).toBe(model[i])
          expect(balance).toBe(await balanceFromEntries(db, account))
          expect(balance).toBeGreaterThanOrEqual(0)
        }
        expect(await balanceOf(db, HOUSE_CASH.real)).toBe(
          await balanceFromEntries(db, HOUSE_CASH.real),
        )
        const total = await sql<{
          total: number
        }>`select coalesce(sum(amount), 0)::bigint as total from ledger_entries`.execute(db)
        expect(total.rows[0]?.total).toBe(0)
      }),
      { numRuns: 30 },
    )
  })

  it('moves balances outside a transaction in id order, so a posting on the same accounts waits for it instead of deadlocking', async () => {
    // The table meets the higher id first; many more accounts make a plan that scans it likely.
    const high = await newAccount(db, 'lock-order-2', true)
    const low = await newAccount(db, 'lock-order-1', true)
    for (let i = 0; i < 300; i++) await newAccount(db, `lock-order-filler-${i}`)
    // Outside a transaction the lock ends with its statement: these are the balances as read.
    const accounts = await lockAccounts(db, [low, high])
    accounts.post({
      kind: 'test.move',
      book: 'real',
      legs: [
        { accountId: high, amount: 7 },
        { accountId: low, amount: -7 },
      ],
    })
    const { rows, moves } = accounts.takeMoves()
    let write: Promise<unknown> = Promise.resolve()
    await db.transaction().execute(async (trx) => {
      // Holds the lower id, lets the move start and wait for it, then takes the higher one.
      await lockAccounts(trx, [low])
      write = writeAtomically(db, rows, moves)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await lockAccounts(trx, [high])
    })
    await expect(write).resolves.toEqual(
      expect.arrayContaining([
        { id: low, balance: -7 },
        { id: high, balance: 7 },
      ]),
    )
  })
})
