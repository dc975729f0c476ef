import { z } from 'zod'
import { MSG } from './validation-messages'

/**
 * Paging and date windows shared by every list call (bets, statements, transactions).
 * Dates are ISO 8601 instants: `from_date` inclusive, `to_date` exclusive; the web turns the
 * user's chosen day (in their time-zone setting) into instants.
 */
export const pageFields = {
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(150).default(50),
  from_date: z.iso.datetime({ offset: true }).optional(),
  to_date: z.iso.datetime({ offset: true }).optional(),
}

/** Adds 'from_date must not be after to_date' on to_date. */
export const dateWindowRule = (
  v: { from_date?: string | undefined; to_date?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (v.from_date && v.to_date && Date.parse(v.from_date) > Date.parse(v.to_date))
    ctx.addIssue({ code: 'custom', message: MSG.dateRange, path: ['to_date'] })
}

/** `{ status, data: { list, total, page, limit } }` where total counts every matching row. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal(true),
    msg: z.string().optional(),
    data: z.object({
      list: z.array(item),
      total: z.number().int().min(0),
      page: z.number().int().min(1),
      limit: z.number().int().min(1),
    }),
  })
