import { menuResponse } from '@backlay/contract/menu'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, manualClock, type TestApp } from '../../../../test/test-app'

describe('GET /api/v1/menu', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ clock: manualClock('2026-11-23T10:00:00Z') })
  })
  afterAll(() => t.close())

  it('lists every sport, then the casino and card-game entries', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/menu' })
    expect(res.statusCode).toBe(200)
    const { data } = menuResponse.parse(res.json())
    expect(data.map((s) => s.sport_id)).toEqual([
      '4',
      '1',
      '2',
      '7',
      '4339',
      '2378961',
      'QT',
      '-100',
    ])
    expect(data.map((s) => s.name)).toContain('Horse Racing')
  })

  it('nests competitions and their open matches under each sport', async () => {
    const { data } = menuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/menu' })).json(),
    )
    const cricket = data.find((s) => s.sport_id === '4')
    expect(cricket?.children.length).toBeGreaterThan(0)
    const matches = cricket?.children.flatMap((c) => c.children) ?? []
    expect(matches.some((m) => m.inplay)).toBe(true)
    expect(matches.every((m) => m.market_id?.startsWith('1.'))).toBe(true)
  })

  it('gives racing meetings their venue and country code', async () => {
    const { data } = menuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/menu' })).json(),
    )
    const meetings = data.find((s) => s.sport_id === '4339')?.children ?? []
    expect(meetings.length).toBeGreaterThan(0)
    for (const m of meetings) expect(m.country_code).toMatch(/^[A-Z]{2}$/)
    expect(data.find((s) => s.sport_id === 'QT')?.children).toEqual([])
  })
})
