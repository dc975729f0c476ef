/**
 * The OpenAPI entry of a trading-API route, which reads its body itself (answering Betfair's
 * errors, not Fastify's): described in the document, with no schema to validate against.
 */
export const openApiDoc = (summary: string, description: string) => ({
  schema: { tags: ['Trading API (Betfair-compatible)'], summary, description },
})
