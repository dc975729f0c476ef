/** FIN (last fragment) + opcode 1 (text): RFC 6455 §5.2. */
const FINAL_TEXT = 0x81
const MAX_7BIT_LENGTH = 125
const LENGTH_16BIT = 126
const LENGTH_64BIT = 127

/**
 * One whole server-to-client WebSocket text frame (header and payload in one buffer), built
 * once and written as-is to any number of sockets: a connection's `socket.send` would frame the
 * same bytes again for each of them and write them in two pieces. Server frames are unmasked
 * and the stream never compresses, so the header is only FIN, opcode and length.
 */
export function textFrame(message: unknown): Buffer {
  const json = JSON.stringify(message)
  const length = Buffer.byteLength(json)
  const headerSize = length <= MAX_7BIT_LENGTH ? 2 : length <= 0xffff ? 4 : 10
  const frame = Buffer.allocUnsafe(headerSize + length)
  frame[0] = FINAL_TEXT
  if (headerSize === 2) {
    frame[1] = length
  } else if (headerSize === 4) {
    frame[1] = LENGTH_16BIT
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = LENGTH_64BIT
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  frame.write(json, headerSize)
  return frame
}
