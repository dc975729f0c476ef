import Fastify from 'fastify'
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorHandlerPlugin } from './error-handler'

describe('error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>()
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    await app.register(errorHandlerPlugin)
    app.get('/boom', async () => {
      throw new Error('database password is hunter2')
    })
    app.post('/typed', { schema: { body: z.strictObject({ n: z.number().int() }) } }, async () => ({
      ok: true,
    }))
    app.get(
      '/bad-answer',
      { schema: { response: { 200: z.object({ n: z.number() }) } } },
      async () => ({ n: 'x' }) as never,
    )
    await app.ready()
  })
  afterAll(() => app.close())

  it('hides the detail of a bug behind a generic 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ status: false, msg: 'Something went wrong', code: 'SERVER.ERROR' })
  })

  it('treats a response that breaks its schema as our bug, not the client’s', async () => {
    const res = await app.inject({ method: 'GET', url: '/bad-answer' })
    expect(res.statusCode).toBe(500)
    expect(res.json().msg).toBe('Something went wrong')
  })

  it('names the field and the problem of invalid input', async () => {
    const res = await app.inject({ method: 'POST', url: '/typed', payload: { n: 1.5 } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      status: false,
      code: 'REQUEST.INVALID',
      msg: 'body.n: Invalid input: expected int, received number',
    })
  })

  it('passes framework 4xx errors through with their message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/typed',
      headers: { 'content-type': 'application/xml' },
      payload: '<n>1</n>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ status: false, code: 'REQUEST.INVALID' })
  })
})
