import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { textFrame } from './text-frame'

// ws's own framing, as its `send` does it for a server (unmasked, uncompressed, one fragment).
const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] }
}
const wsFrame = (text: string) =>
  Buffer.concat(
    Sender.frame(Buffer.from(text), {
      fin: true,
      opcode: 1,
      mask: false,
      readOnly: false,
      rsv1: false,
    }),
  )

describe('textFrame', () => {
  // Each length form of the header: 7-bit, 16-bit and 64-bit, at both edges.
  it.each([2, 125, 126, 65_535, 65_536])('frames a %i-byte text exactly as ws does', (size) => {
    const text = 'x'.repeat(size - 2)
    const json = JSON.stringify(text)
    expect(json.length).toBe(size)
    expect(textFrame(text).equals(wsFrame(json))).toBe(true)
  })

  it('counts the length in UTF-8 bytes, not characters', () => {
    const message = { type: 'error', msg: 'खाता ₹ बंद' }
    const frame = textFrame(message)
    expect(frame.equals(wsFrame(JSON.stringify(message)))).toBe(true)
    expect(JSON.parse(frame.subarray(2).toString('utf8'))).toEqual(message)
  })
})
