import type { z } from 'zod'

/** zod's own texts start like this; ours (the spec's) never do, so they pass through unchanged. */
const DEFAULT_TEXT = /^(Invalid|Too (small|big)|Expected)/

/**
 * The one readable `msg` for a failed parse: the first issue's text, spec messages verbatim,
 * zod's generic texts prefixed with the field path, unknown fields named.
 * issueMessage(loginRequest.safeParse({ user_name: '' }).error) → 'User ID is required'
 */
export const issueMessage = (error: z.ZodError): string => {
  const issue = error.issues[0]
  if (!issue) return 'Invalid request'
  const where = issue.path.map(String).join('.')
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.map((k) => (where ? `${where}.${k}` : k)).join(', ')
    return `Unknown field: ${names}`
  }
  return where && DEFAULT_TEXT.test(issue.message) ? `${where}: ${issue.message}` : issue.message
}
