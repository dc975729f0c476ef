import { useEffect, useState } from 'react'
import { cardLabel } from '../../../../src/andar-bahar/cards'
import type { TableState } from '../../../../src/andar-bahar/protocol'
import { money, t } from '../../lib/i18n'
import { api, setBalance } from '../../lib/session'

type Side = 'andar' | 'bahar'
const POLL_MS = 500
const ODDS = { andar: '1.9×', bahar: '2×' } as const

const Card = ({ card, big }: { card: number; big?: boolean }) => {
  const label = cardLabel(card)
  const red = label.endsWith('♥') || label.endsWith('♦')
  return <span className={`card ${red ? 'card-red' : ''} ${big ? 'card-big' : ''}`}>{label}</span>
}

export const AndarBaharPage = () => {
  const [state, setState] = useState<TableState>()
  const [offset, setOffset] = useState(0)
  const [stake, setStake] = useState('100')
  const [message, setMessage] = useState<string>()

  useEffect(() => {
    let stop = false
    const poll = async () => {
      const answer = await api<TableState>('/api/andar-bahar/state')
      if (stop) return
      if (answer.status) {
        setState(answer.data)
        setOffset(answer.data.serverNow - Date.now())
      }
      setTimeout(poll, POLL_MS)
    }
    void poll()
    return () => {
      stop = true
    }
  }, [])
  if (!state) return <p className="notice">…</p>

  const seconds = Math.max(0, Math.ceil((state.bettingEndsAt - (Date.now() + offset)) / 1000))
  const bet = async (side: Side) => {
    const answer = await api<{ balance: number }>('/api/andar-bahar/bet', {
      side,
      stake: Math.round(Number.parseFloat(stake) * 100),
    })
    if (!answer.status) return setMessage(answer.msg)
    setMessage(undefined)
    setBalance(answer.data.balance)
  }
  const side = (name: Side) => (
    <div className={`ab-side ${state.winner === name ? 'is-winner' : ''}`}>
      <h3>{t(`andarBahar.${name}`)}</h3>
      <div className="ab-cards">
        {state.cards
          .filter((c) => c.side === name)
          .map((c) => (
            <Card key={c.card} card={c.card} />
          ))}
      </div>
    </div>
  )

  return (
    <div className="ab">
      <div className="panel ab-table">
        <div className="ab-head">
          <div className="ab-joker">
            <span className="small">{t('andarBahar.joker')}</span>
            {state.joker !== undefined ? (
              <Card card={state.joker} big />
            ) : (
              <span className="card card-back card-big" />
            )}
          </div>
          <p className="ab-status" aria-live="polite">
            {state.phase === 'betting'
              ? t('andarBahar.placeBets', { seconds })
              : state.winner
                ? t('andarBahar.wins', { side: t(`andarBahar.${state.winner}`) })
                : t('andarBahar.dealing')}
          </p>
          <span className="round-no">#{state.roundId}</span>
        </div>
        {side('andar')}
        {side('bahar')}
        <div className="ab-controls">
          <label>
            {t('andarBahar.stake')}
            <input inputMode="decimal" value={stake} onChange={(e) => setStake(e.target.value)} />
          </label>
          {(['andar', 'bahar'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className={`action action-${name}`}
              disabled={state.phase !== 'betting'}
              onClick={() => bet(name)}
            >
              {t('andarBahar.betOn', { side: t(`andarBahar.${name}`) })} · {ODDS[name]}
            </button>
          ))}
        </div>
        {message && <p className="status-line">{message}</p>}
        {state.myBets.length > 0 && (
          <p className="small">
            {t('andarBahar.myBets')}:{' '}
            {state.myBets.map((b) => `${t(`andarBahar.${b.side}`)} ${money(b.stake)}`).join(' · ')}
          </p>
        )}
      </div>
      <section className="panel">
        <h3>{t('andarBahar.results')}</h3>
        <div className="beads">
          {state.history.map((h) => (
            <span
              key={h.roundId}
              className={`bead bead-${h.winner}`}
              title={`#${h.roundId} ${cardLabel(h.joker)}`}
            >
              {h.winner === 'andar' ? 'A' : 'B'}
            </span>
          ))}
        </div>
      </section>
      <section className="panel rules">
        <h3>{t('shell.rules')}</h3>
        <p className="small">{t('andarBahar.rules')}</p>
      </section>
    </div>
  )
}
