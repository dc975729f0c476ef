/** An answer already written as JSON (a market's book kept between polls), sent as it is. */
export class RawJson {
  constructor(readonly json: string) {}
}

/** A result as JSON text: RawJson parts are spliced in unchanged, the rest serialized. */
export function jsonOf(value: unknown): string {
  if (value instanceof RawJson) return value.json
  if (Array.isArray(value) && value.some((v) => v instanceof RawJson))
    return `[${value.map(jsonOf).join(',')}]`
  return JSON.stringify(value) ?? 'null'
}
