import type { SelectQueryBuilder } from 'kysely'

/**
 * One page of a filtered list and the size of the whole list, for the paged answers
 * `{ total, list }`. The count runs on `filtered` before `select` adds columns, joins only
 * the shown rows need and the order, so the total never depends on them; the order must be
 * total (end on a unique column) or rows could repeat or vanish between pages.
 *
 * selectPage(db.selectFrom('users'), { page: 2, limit: 25 }, (q) => q.selectAll().orderBy('id'))
 * → { total: 60, rows: users 26 to 50 }
 */
export async function selectPage<
  DB,
  TB extends keyof DB,
  O,
  ShownDB,
  ShownTB extends keyof ShownDB,
  Row,
>(
  filtered: SelectQueryBuilder<DB, TB, O>,
  at: { page: number; limit: number },
  select: (filtered: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<ShownDB, ShownTB, Row>,
): Promise<{ total: number; rows: Row[] }> {
  // Kysely cannot name the added column through a generic query; connect.ts parses the int8
  // count into a number.
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow()
  const rows = await select(filtered)
    .limit(at.limit)
    .offset((at.page - 1) * at.limit)
    .execute()
  return { total, rows }
}
