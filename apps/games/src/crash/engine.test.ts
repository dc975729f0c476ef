import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { serveReferenceWallet } from '../wallet/reference-wallet-fixture'
import { msToReach } from './curve'
import { type CrashChain, createCrashEngine } from './engine'
import { crashPoint } from './fair'
import type { CrashServerMessage } from './protocol'

const SALT = 'test-salt'
let t = 0
const { wallet, client } = serveReferenceWallet('engine-test-secret', () => t)

/** A random game hash whose crash point satisfies `wanted`. */
const hashWhere = async (wanted: (point: number) => boolean) => {
  for (;;) {
    const hash = randomBytes(32).toString('hex')
    const point = await crashPoint(hash, SALT)
    if (wanted(point)) return { hash, point }
  }
}

const setup = (hashes: string[]) => {
  let next = 0
  const chain: CrashChain = {
    salt: SALT,
    terminatingHash: 'f'.repeat(64),
    length: hashes.length,
    take: async () => ({ gameNumber: next + 1, hash: hashes[next++] as string }),
  }
  const messages: CrashServerMessage[] = []
  const engine = createCrashEngine({
    wallet: client(),
    chain,
    now: () => t,
    timing: { bettingMs: 5_000, crashedMs: 3_000, minStake: 1_000, maxStake: 1_000_000 },
    broadcast: (m) => messages.push(m),
  })
  return { engine, messages }
}

const player = (id: string) => {
  wallet.addPlayer(id, `Player ${id}`, 10_000)
  return { playerId: id, displayName: `Player ${id}` }
}

describe('crash round lifecycle', () => {
  it('takes bets in the window, pays cash-outs and auto cash-outs, and the crash takes the rest', async () => {
    const high = await hashWhere((p) => p >= 300)
    const { engine, messages } = setup([high.hash, randomBytes(32).toString('hex')])
    t = 1_000
    await engine.tick()
    const [manual, auto, holder, late] = [player('m1'), player('a1'), player('h1'), player('l1')]

    expect(await engine.placeBet(manual, 1_000)).toMatchObject({ ok: true, balance: 9_000 })
    expect(await engine.placeBet(auto, 2_000, 150)).toMatchObject({ ok: true, balance: 8_000 })
    expect(await engine.placeBet(holder, 3_000)).toMatchObject({ ok: true, balance: 7_000 })
    expect(await engine.placeBet(manual, 1_000)).toMatchObject({ code: 'CRASH.ALREADY_BET' })
    expect(await engine.placeBet(late, 500)).toMatchObject({ code: 'CRASH.STAKE_OUT_OF_RANGE' })
    expect(await engine.cashOut(manual.playerId)).toMatchObject({ code: 'CRASH.NO_ACTIVE_BET' })

    t = 6_000
    await engine.tick()
    expect(engine.snapshot().snapshot.phase).toBe('running')
    expect(await engine.placeBet(late, 1_000)).toMatchObject({ code: 'CRASH.BET_WINDOW_CLOSED' })
    expect(wallet.balanceOf(late.playerId)).toBe(10_000)

    // The tick comes late (at 1.70×) but the auto cash-out pays at its 1.50× target.
    t = 6_000 + msToReach(170)
    await engine.tick()
    expect(wallet.balanceOf(auto.playerId)).toBe(8_000 + 3_000)

    t = 6_000 + msToReach(180)
    expect(await engine.cashOut(manual.playerId)).toMatchObject({
      ok: true,
      me: { cashedAt: 180, win: 1_800 },
      balance: 10_800,
    })
    expect(await engine.cashOut(manual.playerId)).toMatchObject({ code: 'CRASH.NO_ACTIVE_BET' })

    t = 6_000 + msToReach(high.point)
    await engine.tick()
    const { snapshot } = engine.snapshot(holder.playerId)
    expect(snapshot).toMatchObject({ phase: 'crashed', crashPoint: high.point, hash: high.hash })
    expect(engine.snapshot(holder.playerId).me).toMatchObject({ stake: 3_000, lost: true })
    expect(wallet.balanceOf(holder.playerId)).toBe(7_000)
    // The lost round is closed with a credit of 0, so it cannot be paid later.
    expect(
      wallet.handle('/api/v1/casino-wallet/credit', {
        transactionId: 'late-win',
        playerId: holder.playerId,
        gameId: 'aviator',
        roundId: '1',
        amount: 9_000,
      }).http,
    ).toBe(409)
    expect(messages.map((m) => m.type)).toEqual([
      'betting',
      'bet',
      'bet',
      'bet',
      'start',
      'cashout',
      'cashout',
      'crash',
    ])

    t += 3_000
    await engine.tick()
    expect(engine.snapshot().snapshot).toMatchObject({
      phase: 'betting',
      history: [{ hash: high.hash }],
    })
  })

  it('a 1.00× round crashes at its start: nobody can cash out', async () => {
    const instant = await hashWhere((p) => p === 100)
    const { engine } = setup([instant.hash])
    t = 100_000
    await engine.tick()
    const p = player('i1')
    await engine.placeBet(p, 1_000, 101)
    t += 5_000
    await engine.tick()
    expect(engine.snapshot().snapshot).toMatchObject({ phase: 'crashed', crashPoint: 100 })
    expect(await engine.cashOut(p.playerId)).toMatchObject({ code: 'CRASH.NO_ACTIVE_BET' })
    expect(wallet.balanceOf(p.playerId)).toBe(9_000)
  })

  it('a cash-out at the crash instant is refused', async () => {
    const low = await hashWhere((p) => p >= 120 && p < 200)
    const { engine } = setup([low.hash])
    t = 200_000
    await engine.tick()
    const p = player('c1')
    await engine.placeBet(p, 1_000)
    t += 5_000
    await engine.tick()
    t += msToReach(low.point)
    expect(await engine.cashOut(p.playerId)).toMatchObject({ code: 'CRASH.ROUND_CRASHED' })
    await engine.tick()
    expect(wallet.balanceOf(p.playerId)).toBe(9_000)
  })
})
