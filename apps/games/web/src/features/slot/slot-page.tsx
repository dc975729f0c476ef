import { useState } from 'react'
import { DOCUMENTED_RTP, PAYTABLE, SYMBOLS } from '../../../../src/slot/lotus-sevens'
import { money, t } from '../../lib/i18n'
import { api, setBalance } from '../../lib/session'
import { SymbolArt } from './symbol-art'

const RTP = `${(DOCUMENTED_RTP * 100).toFixed(2)}%`

type Spin = {
  grid: string[][]
  lines: { line: number; pay: number }[]
  win: number
  balance: number
}

const BETS = [1_000, 2_000, 5_000, 10_000, 50_000, 100_000]
const START = [
  ['cherry', 'seven', 'melon'],
  ['lotus', 'wild', 'bell'],
  ['melon', 'seven', 'cherry'],
  ['bell', 'wild', 'lotus'],
  ['cherry', 'seven', 'melon'],
]

export const SlotPage = () => {
  const [bet, setBet] = useState(BETS[0] as number)
  const [result, setResult] = useState<Spin>()
  const [spinning, setSpinning] = useState(false)
  const [error, setError] = useState<string>()

  const spin = async () => {
    setSpinning(true)
    setError(undefined)
    const [answer] = await Promise.all([
      api<Spin>('/api/slot/spin', { bet }),
      new Promise((resolve) => setTimeout(resolve, 700)),
    ])
    setSpinning(false)
    if (!answer.status) return setError(answer.msg)
    setResult(answer.data)
    setBalance(answer.data.balance)
  }

  const grid = result?.grid ?? START
  return (
    <div className="slot">
      <div className="slot-machine panel">
        <h1 className="slot-title">Lotus Sevens</h1>
        <div className={`reels ${spinning ? 'is-spinning' : ''}`}>
          {grid.map((column, reel) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are fixed positions
            <div key={reel} className="reel">
              {column.map((symbol, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed positions
                <div key={row} className="cell">
                  <SymbolArt symbol={symbol} />
                </div>
              ))}
            </div>
          ))}
        </div>
        <p className={`slot-result ${result?.win ? 'is-win' : ''}`} aria-live="polite">
          {error ??
            (result
              ? result.win
                ? t('slot.win', { amount: money(result.win) })
                : t('slot.noWin')
              : ' ')}
        </p>
        <div className="slot-controls">
          <fieldset className="chips" aria-label={t('slot.bet')}>
            {BETS.map((b) => (
              <button
                key={b}
                type="button"
                className={b === bet ? 'chip chip-on' : 'chip'}
                onClick={() => setBet(b)}
              >
                {money(b)}
              </button>
            ))}
          </fieldset>
          <button type="button" className="action action-spin" onClick={spin} disabled={spinning}>
            {t('slot.spin')}
          </button>
        </div>
      </div>
      <section className="panel rules">
        <h3>{t('slot.paytable')}</h3>
        <table className="paytable">
          <thead>
            <tr>
              <th />
              <th>×3</th>
              <th>×4</th>
              <th>×5</th>
            </tr>
          </thead>
          <tbody>
            {SYMBOLS.map((symbol, s) => (
              <tr key={symbol}>
                <td className="paytable-symbol">
                  <SymbolArt symbol={symbol} />
                </td>
                {(PAYTABLE[s] ?? []).slice(3).map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <td key={i}>{p}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small">{t('slot.rules', { rtp: RTP })}</p>
      </section>
    </div>
  )
}
