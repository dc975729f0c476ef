import { z } from 'zod'

/** A required id in a request: trimmed, 1–64 characters. */
export const idText = z.string().trim().min(1).max(64)

/** Ids clients may send as numbers; always a string after parsing: wireId.parse(4711) → '4711' */
export const wireId = z.union([idText, z.number().int()]).transform(String)

/** The specs' 0/1 flags (is_back 1 = back, is_fancy, is_active, is_telegram_enable …). */
export const flag01 = z.union([z.literal(0), z.literal(1)])
