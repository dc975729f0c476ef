import { useState } from 'react'
import { msToReach, multiplierAt } from '../../../../src/crash/curve'
import { money, t, times } from '../../lib/i18n'
import { navigate } from '../../lib/router'
import { useFrameClock } from '../../lib/use-frame-clock'
import { CrashCanvas } from './crash-canvas'
import { useCrashSocket } from './use-crash-socket'

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`

export const CrashPage = () => {
  const { view, send } = useCrashSocket()
  const [stake, setStake] = useState('100')
  const [auto, setAuto] = useState('')
  const clock = useFrameClock(true)
  if (!view) return <p className="notice">…</p>

  const serverNow = clock + view.offset
  const running = view.phase === 'running' && view.startedAt !== undefined
  const crashed = view.phase === 'crashed' && view.crashPoint !== undefined
  const elapsed = crashed
    ? msToReach(view.crashPoint ?? 100)
    : running
      ? serverNow - (view.startedAt ?? serverNow)
      : 0
  const multiplier = crashed ? (view.crashPoint ?? 100) : multiplierAt(elapsed)
  const seconds = Math.max(0, Math.ceil((view.bettingEndsAt - serverNow) / 1000))
  const me = view.me
  const canBet = view.phase === 'betting' && !me
  const canCashOut = running && me && !me.cashedAt && !me.lost

  const placeBet = () => {
    const autoValue = Number.parseFloat(auto)
    send({
      type: 'bet',
      stake: Math.round(Number.parseFloat(stake) * 100),
      ...(autoValue >= 1.01 ? { autoCashOut: Math.round(autoValue * 100) } : {}),
    })
  }

  return (
    <div className="crash">
      <nav className="history-strip" aria-label={t('crash.history')}>
        {view.history.map((round) => (
          <button
            key={round.gameNumber}
            type="button"
            className={round.crashPoint >= 200 ? 'pill pill-high' : 'pill'}
            title={`#${round.gameNumber} ${round.hash}`}
            onClick={() => navigate(`/verify?game=${round.gameNumber}`)}
          >
            {times(round.crashPoint)}
          </button>
        ))}
      </nav>
      <div className="crash-stage">
        <CrashCanvas elapsedMs={elapsed} crashed={crashed} />
        <div className={`crash-readout ${crashed ? 'is-crashed' : ''}`} aria-live="polite">
          {view.phase === 'betting' ? (
            <span className="crash-wait">{t('crash.waiting', { seconds })}</span>
          ) : crashed ? (
            <span>{t('crash.flewAway', { multiplier: times(multiplier) })}</span>
          ) : (
            <span className="crash-multiplier">{times(multiplier)}</span>
          )}
        </div>
        <span className="round-no">#{view.gameNumber}</span>
      </div>

      <div className="crash-controls panel">
        <label>
          {t('crash.stake')}
          <input
            inputMode="decimal"
            value={stake}
            onChange={(e) => setStake(e.target.value)}
            disabled={!canBet}
          />
        </label>
        <label>
          {t('crash.autoCashOut')}
          <input
            inputMode="decimal"
            placeholder="2.00"
            value={auto}
            onChange={(e) => setAuto(e.target.value)}
            disabled={!canBet}
          />
        </label>
        {canCashOut ? (
          <button
            type="button"
            className="action action-cashout"
            onClick={() => send({ type: 'cashout' })}
          >
            {t('crash.cashOut', { amount: money(Math.floor((me.stake * multiplier) / 100)) })}
          </button>
        ) : (
          <button type="button" className="action" onClick={placeBet} disabled={!canBet}>
            {t('crash.bet')}
          </button>
        )}
        <p className="status-line">
          {view.error ??
            (me?.cashedAt
              ? t('crash.cashedOut', { multiplier: times(me.cashedAt), amount: money(me.win ?? 0) })
              : me?.lost
                ? t('crash.lost')
                : me && running
                  ? t('crash.inFlight', { amount: money(me.stake) })
                  : me
                    ? t('crash.betPlaced')
                    : '')}
        </p>
      </div>

      <div className="crash-side">
        <section className="panel">
          <h3>{t('crash.players')}</h3>
          <ul className="bets">
            {view.bets.map((bet, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: masked names may repeat; the list only grows within a round
                key={`${bet.name}-${i}`}
                className={bet.cashedAt ? 'won' : bet.lost ? 'lost' : ''}
              >
                <span>{bet.name}</span>
                <span>{money(bet.stake)}</span>
                <span>
                  {bet.cashedAt ? `${times(bet.cashedAt)} · ${money(bet.win ?? 0)}` : '—'}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="panel fairness">
          <h3>{t('crash.verify')}</h3>
          <dl>
            <dt>{t('crash.terminating')}</dt>
            <dd title={view.fairness.terminatingHash}>{short(view.fairness.terminatingHash)}</dd>
            <dt>{t('crash.salt')}</dt>
            <dd title={view.fairness.salt}>{view.fairness.salt}</dd>
          </dl>
          <button type="button" className="link" onClick={() => navigate('/verify')}>
            {t('crash.verify')} →
          </button>
        </section>
      </div>
    </div>
  )
}
