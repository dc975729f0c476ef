import { describe, expect, it } from 'vitest'
import { acceptBookmakerBet, type BookmakerQuote, bookmakerOdds } from './bookmaker'
import type { Paise, SelectionId } from './ids'

const A = 'A' as SelectionId
const quote: BookmakerQuote = {
  open: true,
  runners: [
    { selectionId: A, active: true, back: 45, lay: 48 },
    { selectionId: 'B' as SelectionId, active: false, back: 180, lay: 0 },
  ],
}

describe('bookmaker', () => {
  it('shows priceActual / 100 + 1 (§5): 45 → 1.45', () => {
    expect(bookmakerOdds(45)).toEqual({ ok: true, value: 145 })
    expect(bookmakerOdds(900)).toEqual({ ok: true, value: 1000 })
    expect(bookmakerOdds(0)).toMatchObject({ code: 'BOOKMAKER.INVALID_PRICE' })
    expect(bookmakerOdds(45.5)).toMatchObject({ code: 'BOOKMAKER.INVALID_PRICE' })
  })

  it('strikes a bet at the quoted price against the house', () => {
    expect(
      acceptBookmakerBet(quote, {
        selectionId: A,
        side: 'LAY',
        priceActual: 48,
        stake: 10000 as Paise,
      }),
    ).toEqual({ ok: true, value: { selectionId: A, side: 'LAY', odds: 148, stake: 10000 } })
  })

  it('refuses moved, missing and suspended prices', () => {
    const request = {
      selectionId: A,
      side: 'BACK' as const,
      priceActual: 45,
      stake: 10000 as Paise,
    }
    expect(acceptBookmakerBet(quote, { ...request, priceActual: 46 })).toMatchObject({
      code: 'BET.ODDS_CHANGED',
    })
    expect(acceptBookmakerBet({ ...quote, open: false }, request)).toMatchObject({
      code: 'BOOKMAKER.SUSPENDED',
    })
    expect(
      acceptBookmakerBet(quote, { ...request, selectionId: 'B' as SelectionId, priceActual: 180 }),
    ).toMatchObject({ code: 'BOOKMAKER.SUSPENDED' })
    expect(
      acceptBookmakerBet(
        { open: true, runners: [{ selectionId: A, active: true, back: 45, lay: 0 }] },
        { ...request, side: 'LAY', priceActual: 0 },
      ),
    ).toMatchObject({ code: 'BET.NO_PRICE' })
    expect(
      acceptBookmakerBet(quote, { ...request, selectionId: 'Z' as SelectionId }),
    ).toMatchObject({
      code: 'BOOKMAKER.UNKNOWN_SELECTION',
    })
    expect(acceptBookmakerBet(quote, { ...request, stake: -1 as Paise })).toMatchObject({
      code: 'BET.INVALID_STAKE',
    })
  })
})
