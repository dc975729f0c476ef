import { z } from 'zod'

/** Every answer of /api/v1 carries `status`; failures add a readable `msg` and a stable `code`. */
export const failure = z.object({
  status: z.literal(false),
  msg: z.string(),
  code: z.string().optional(),
  error: z.array(z.object({ description: z.string() })).optional(),
  logout: z.boolean().optional(),
})
export type Failure = z.infer<typeof failure>

/** `ok(data)` describes `{ status: true, msg?, data }`. */
export const ok = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), msg: z.string().optional(), data })
