import { type StreamMessage, streamMessage } from '@backlay/contract/betfair-stream'
import { checkedInput } from '@backlay/contract/text-rules'

/** A line behind the contract's text rule: a NUL in a recorded name never reaches the store. */
const checkedStreamMessage = checkedInput(streamMessage)

/** The message types of a line, or why it is not one (a line of a file or of the socket). */
export function parseStreamLine(
  line: string,
): { ok: true; message: StreamMessage } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(line)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  if (typeof json === 'object' && json !== null && 'op' in json) {
    const op = (json as { op: unknown }).op
    if (op !== 'mcm' && op !== 'ccm' && op !== 'connection' && op !== 'status') {
      return { ok: false, reason: `op ${String(op)} is not read` }
    }
  }
  const parsed = checkedStreamMessage.safeParse(json)
  return parsed.success
    ? { ok: true, message: parsed.data }
    : {
        ok: false,
        // Positions are left out (mc.*.rc.*.atb), so one fault on many lines counts as one reason.
        reason: parsed.error.issues
          .map(
            (i) =>
              `${i.path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.')}: ${i.message}`,
          )
          .join('; '),
      }
}
