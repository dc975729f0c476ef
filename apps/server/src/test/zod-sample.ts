import type { z } from 'zod'

/*
 * A plain value a zod schema takes, as a client would fill a form: the fuzz test of every route
 * (routes/api/v1/hostile-input.test.ts) starts from it and spoils one field at a time. A best
 * effort: a check it cannot satisfy (a pattern, a refinement) leaves a value the schema refuses,
 * and the route is then fuzzed from a refused base.
 */

interface Def {
  type: string
  checks?: { _zod: { def: Record<string, unknown> } }[]
  format?: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  options?: z.ZodType[]
  innerType?: z.ZodType
  in?: z.ZodType
  values?: unknown[]
  entries?: Record<string, unknown>
  valueType?: z.ZodType
  items?: z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  getter?: () => z.ZodType
  defaultValue?: unknown
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def
const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def)

const FORMATS: Record<string, string> = {
  email: 'player@example.com',
  uuid: '8f14e45f-ceea-4c6f-9b1e-2b3f5a6c7d8e',
  datetime: '2026-11-23T10:00:00.000Z',
  date: '2026-11-23',
  url: 'https://example.com/',
}

function sampleString(def: Def): string {
  let min = 0
  let max = Number.POSITIVE_INFINITY
  for (const c of checksOf(def)) {
    if (typeof c.format === 'string' && FORMATS[c.format]) return FORMATS[c.format] as string
    if (c.check === 'min_length') min = c.minimum as number
    if (c.check === 'max_length') max = c.maximum as number
    if (c.check === 'length_equals') min = max = c.length as number
  }
  const text = 'abc1'.repeat(Math.ceil(Math.max(min, 3) / 4)).slice(0, Math.max(min, 3))
  return text.slice(0, Math.min(text.length, max))
}

function sampleNumber(def: Def): number {
  let low = 1
  let high = Number.POSITIVE_INFINITY
  for (const c of checksOf(def)) {
    if (c.check === 'greater_than') low = Math.max(low, (c.value as number) + (c.inclusive ? 0 : 1))
    if (c.check === 'less_than') high = Math.min(high, (c.value as number) - (c.inclusive ? 0 : 1))
  }
  return Math.min(low, high)
}

/** A value `schema` (most likely) takes; optional fields are left out. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema)
  if (depth > 8) return undefined
  switch (def.type) {
    case 'string':
      return sampleString(def)
    case 'number':
      return sampleNumber(def)
    case 'bigint':
      return 1
    case 'boolean':
      return true
    case 'date':
      return '2026-11-23T10:00:00.000Z'
    case 'null':
      return null
    case 'literal':
      return def.values?.[0]
    case 'enum':
      return Object.values(def.entries ?? {})[0]
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const inner = defOf(field)
        if (inner.type === 'optional') continue
        value[key] = sampleOf(field, depth + 1)
      }
      return value
    }
    case 'array':
      return def.element ? [sampleOf(def.element, depth + 1)] : []
    case 'tuple':
      return (def.items ?? []).map((item) => sampleOf(item, depth + 1))
    case 'record':
      return {}
    case 'union':
      return def.options?.[0] ? sampleOf(def.options[0], depth + 1) : undefined
    case 'intersection': {
      const left = def.left ? sampleOf(def.left, depth + 1) : {}
      const right = def.right ? sampleOf(def.right, depth + 1) : {}
      return { ...(left as object), ...(right as object) }
    }
    case 'default':
    case 'prefault':
    case 'catch':
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return def.innerType ? sampleOf(def.innerType, depth + 1) : undefined
    case 'pipe':
      return def.in ? sampleOf(def.in, depth + 1) : undefined
    case 'lazy':
      return def.getter ? sampleOf(def.getter(), depth + 1) : undefined
    default:
      return undefined
  }
}

/** The field names of an object schema (through wrappers and pipes), for spoiling one at a time. */
export function fieldsOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return []
  const def = defOf(schema)
  if (def.type === 'object') return Object.keys(def.shape ?? {})
  const inner = def.innerType ?? def.in ?? (def.type === 'lazy' ? def.getter?.() : undefined)
  return inner ? fieldsOf(inner) : []
}
