// JavaScript, not TypeScript: the store's thread (pglite-thread.js) loads it without a loader.

/**
 * int8 (paise, counts) arrives as text; money stays far below 2^53, so a JS number is exact.
 * A value beyond that is a bug we want loud rather than silently rounded.
 * @param {string} text
 * @returns {number}
 */
export function parseInt8(text) {
  const n = Number(text)
  if (!Number.isSafeInteger(n))
    throw new RangeError(`int8 value ${text} exceeds the safe integer range`)
  return n
}
