import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginAs } from '../../../test/session-helpers'
import { buildTestApp, type TestApp } from '../../../test/test-app'

/** A body as a client could send it: raw text under some content type. */
const malformedBody = fc.oneof(
  fc.anything().map((v) => ({ type: 'application/json', text: JSON.stringify(v) ?? 'null' })),
  fc.json().map((text) => ({ type: 'application/json', text })),
  fc.string().map((text) => ({ type: 'application/json', text })),
  fc
    .dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)))
    .map((v) => ({ type: 'application/json', text: JSON.stringify(v) })),
  fc.dictionary(fc.string(), fc.string()).map((v) => ({
    type: 'application/x-www-form-urlencoded',
    text: new URLSearchParams(v).toString(),
  })),
  fc.string().map((text) => ({ type: 'text/plain', text })),
)

/** Bodies that once slipped past a schema into a rule; tried first on every route, every run. */
const knownBodies = ['null', '7', '"x"', '[]', '{}'].map((text) => ({
  type: 'application/json',
  text,
}))

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.'))

/**
 * Every POST and PUT route of the whole app, as registered at runtime (other areas included),
 * gets 200 random malformed bodies, with and without a session: never a 5xx, and every refusal
 * carries a readable `msg`.
 */
describe('malformed bodies on every POST/PUT route', () => {
  let t: TestApp
  let token = ''
  beforeAll(async () => {
    t = await buildTestApp({ env: { FEED: 'off' } })
    token = (await loginAs(t.app, 'demo1', 'Password1')).token
  })
  afterAll(() => t.close())

  it('finds the routes through the catalog', () => {
    const urls = t.app.routeCatalog.map((r) => `${r.method} ${r.url}`)
    expect(urls).toContain('POST /api/v1/user/userLogin')
    expect(urls).toContain('PUT /api/v1/account/:id/settings/switch-wallet')
  })

  it('never answers 5xx and always gives a msg', async () => {
    const routes = t.app.routeCatalog.filter(
      (r) => (r.method === 'POST' || r.method === 'PUT') && r.url.startsWith('/api/'),
    )
    expect(routes.length).toBeGreaterThan(20)
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          malformedBody,
          fc.boolean(),
          ipv4,
          fc.string({ maxLength: 12 }),
          async (body, withToken, remoteAddress, param) => {
            const url = route.url.replace(/:[A-Za-z_]+/g, () => encodeURIComponent(param) || 'x')
            const res = await t.app.inject({
              method: route.method as 'POST' | 'PUT',
              url,
              remoteAddress,
              headers: {
                'content-type': body.type,
                ...(withToken ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: body.text,
            })
            const where = `${route.method} ${url} ${body.type} ${body.text.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`
            expect(res.statusCode, where).toBeLessThan(500)
            if (res.statusCode >= 400) {
              const answer = res.json() as { msg?: unknown }
              expect(typeof answer.msg, where).toBe('string')
              expect(String(answer.msg).length, where).toBeGreaterThan(0)
            }
          },
        ),
        {
          numRuns: 200,
          // A fresh address per example: the auth rate limit must not answer in place of the route.
          examples: knownBodies.flatMap((body, i) =>
            [false, true].map((withToken): [typeof body, boolean, string, string] => [
              body,
              withToken,
              `10.0.${i}.${Number(withToken)}`,
              'x',
            ]),
          ),
        },
      )
    }
  }, 600_000)
})
