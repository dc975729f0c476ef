import type { AdminMarket } from '@backlay/contract/admin'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Field, FormActions } from '../../../components/form'
import { formatRupees } from '../../../lib/format'
import { useSession } from '../../../lib/session'
import { useMarketChange, useSettle } from '../api/markets'

const price = (levels: { price: number }[]) => levels[0]?.price ?? '—'

/** A market: status, limits, runners and prices, and (admins) every control of it. */
export function MarketCard({ market }: { market: AdminMarket }) {
  const { t } = useTranslation()
  const isAdmin = useSession()?.operator.role === 'admin'
  const change = useMarketChange(market.eventId)
  const closed = market.status === 'CLOSED'
  const base = `markets/${market.id}`
  const fancy = market.kind === 'SESSION'

  return (
    <article className="card market" aria-label={market.name}>
      <header className="row">
        <h2>{market.name}</h2>
        <span className="muted">{t(`markets.kind.${market.kind}`)}</span>
        <span className={`badge ${market.status}`}>
          {t(`markets.marketStatus.${market.status}`)}
        </span>
        {market.inplay && <span className="badge IN_PLAY">{t('markets.inPlay')}</span>}
        <Link className="push" to={`/markets/${market.id}/risk`}>
          {t('markets.risk.open')}
        </Link>
        {isAdmin && !closed && (
          <button
            type="button"
            onClick={() =>
              change.mutate({
                path: `${base}/status`,
                body: { status: market.status === 'OPEN' ? 'SUSPENDED' : 'OPEN' },
              })
            }
          >
            {market.status === 'OPEN' ? t('markets.suspend') : t('markets.resume')}
          </button>
        )}
      </header>
      <p className="muted">
        {t('markets.limitsLine', {
          delay: market.betDelaySeconds,
          min: formatRupees(market.minStake),
          max: formatRupees(market.maxStake),
          profit: formatRupees(market.maxProfit),
        })}
      </p>
      {change.error && (
        <p role="alert" className="error">
          {change.error.message}
        </p>
      )}
      <table className="grid">
        <thead>
          <tr>
            <th>{t('markets.runner')}</th>
            <th>{t('markets.status')}</th>
            <th>{fancy ? t('markets.no') : t('markets.back')}</th>
            <th>{fancy ? t('markets.yes') : t('markets.lay')}</th>
            {isAdmin && !closed && <th />}
          </tr>
        </thead>
        <tbody>
          {market.runners.map((r) => (
            <tr key={r.selectionId}>
              <td>{r.name}</td>
              <td>{t(`markets.runnerStatus.${r.status}`)}</td>
              <td className="back">
                {fancy ? `${price(r.lay)} / ${r.lay[0]?.size ?? '—'}` : price(r.back)}
              </td>
              <td className="lay">
                {fancy ? `${price(r.back)} / ${r.back[0]?.size ?? '—'}` : price(r.lay)}
              </td>
              {isAdmin && !closed && (
                <td>
                  <button
                    type="button"
                    className="secondary small"
                    aria-label={`${r.status === 'ACTIVE' ? t('markets.suspend') : t('markets.resume')} ${r.name}`}
                    onClick={() =>
                      change.mutate({
                        path: `${base}/runners/${r.selectionId}/status`,
                        body: { status: r.status === 'ACTIVE' ? 'SUSPENDED' : 'ACTIVE' },
                      })
                    }
                  >
                    {r.status === 'ACTIVE' ? t('markets.suspend') : t('markets.resume')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {isAdmin && !closed && (
        <div className="controls">
          <LimitsForm market={market} />
          {fancy ? <LineForm market={market} /> : <PricesForm market={market} />}
        </div>
      )}
      {isAdmin && <ResultForm market={market} />}
    </article>
  )
}

function LimitsForm({ market }: { market: AdminMarket }) {
  const { t } = useTranslation()
  const change = useMarketChange(market.eventId)
  const form = useForm({
    defaultValues: {
      betDelaySeconds: market.betDelaySeconds,
      minStake: market.minStake,
      maxStake: market.maxStake,
      maxProfit: market.maxProfit,
      inplay: market.inplay,
    },
  })
  return (
    <form
      className="inline-form"
      aria-label={t('markets.editLimits')}
      onSubmit={form.handleSubmit((v) =>
        change.mutate({
          path: `markets/${market.id}`,
          method: 'PATCH',
          body: {
            betDelaySeconds: Number(v.betDelaySeconds),
            minStake: Number(v.minStake),
            maxStake: Number(v.maxStake),
            maxProfit: Number(v.maxProfit),
            inplay: v.inplay,
          },
        }),
      )}
    >
      <h3>{t('markets.editLimits')}</h3>
      <Field label={t('markets.betDelay')}>
        <input type="number" min={0} {...form.register('betDelaySeconds')} />
      </Field>
      <Field label={t('markets.minStake')}>
        <input type="number" {...form.register('minStake')} />
      </Field>
      <Field label={t('markets.maxStake')}>
        <input type="number" {...form.register('maxStake')} />
      </Field>
      <Field label={t('markets.maxProfit')}>
        <input type="number" {...form.register('maxProfit')} />
      </Field>
      <label className="check">
        <input type="checkbox" {...form.register('inplay')} />
        {t('markets.inPlay')}
      </label>
      <FormActions error={change.error} pending={change.isPending} label={t('shell.save')} />
    </form>
  )
}

function PricesForm({ market }: { market: AdminMarket }) {
  const { t } = useTranslation()
  const change = useMarketChange(market.eventId)
  const form = useForm({
    defaultValues: {
      size: market.runners[0]?.back[0]?.size ?? 10_000,
      runners: market.runners.map((r) => ({
        back: r.back[0]?.price ?? '',
        lay: r.lay[0]?.price ?? '',
      })),
    },
  })
  const num = (v: number | string) => (v === '' ? null : Number(v))
  return (
    <form
      className="inline-form"
      aria-label={t('markets.prices')}
      onSubmit={form.handleSubmit((v) =>
        change.mutate({
          path: `markets/${market.id}/prices`,
          body: {
            runners: market.runners.map((r, i) => ({
              selectionId: r.selectionId,
              back: num(v.runners[i]?.back ?? ''),
              lay: num(v.runners[i]?.lay ?? ''),
              size: Number(v.size),
            })),
          },
        }),
      )}
    >
      <h3>{t('markets.prices')}</h3>
      {market.runners.map((r, i) => (
        <div className="row" key={r.selectionId}>
          <span className="runner-name">{r.name}</span>
          <Field label={t('markets.back')}>
            <input type="number" step="0.01" {...form.register(`runners.${i}.back`)} />
          </Field>
          <Field label={t('markets.lay')}>
            <input type="number" step="0.01" {...form.register(`runners.${i}.lay`)} />
          </Field>
        </div>
      ))}
      <Field label={t('markets.size')}>
        <input type="number" {...form.register('size')} />
      </Field>
      <FormActions error={change.error} pending={change.isPending} label={t('markets.setPrices')} />
    </form>
  )
}

function LineForm({ market }: { market: AdminMarket }) {
  const { t } = useTranslation()
  const change = useMarketChange(market.eventId)
  const runner = market.runners[0]
  const form = useForm({
    defaultValues: {
      noRuns: runner?.lay[0]?.price ?? 0,
      noRate: runner?.lay[0]?.size ?? 100,
      yesRuns: runner?.back[0]?.price ?? 0,
      yesRate: runner?.back[0]?.size ?? 100,
    },
  })
  return (
    <form
      className="inline-form"
      aria-label={t('markets.line')}
      onSubmit={form.handleSubmit((v) =>
        change.mutate({
          path: `markets/${market.id}/line`,
          body: {
            noRuns: Number(v.noRuns),
            noRate: Number(v.noRate),
            yesRuns: Number(v.yesRuns),
            yesRate: Number(v.yesRate),
          },
        }),
      )}
    >
      <h3>{t('markets.line')}</h3>
      {(['noRuns', 'noRate', 'yesRuns', 'yesRate'] as const).map((f) => (
        <label key={f}>
          {t(`markets.${f}`)}
          <input type="number" {...form.register(f)} />
        </label>
      ))}
      <FormActions error={change.error} pending={change.isPending} label={t('markets.setLine')} />
    </form>
  )
}

function ResultForm({ market }: { market: AdminMarket }) {
  const { t } = useTranslation()
  const settle = useSettle(market.eventId)
  const [winner, setWinner] = useState(market.runners[0]?.selectionId ?? '')
  const [runs, setRuns] = useState('')
  const [reason, setReason] = useState('')
  const fancy = market.kind === 'SESSION'
  const closed = market.status === 'CLOSED'
  const winnerName = market.runners.find((r) => r.selectionId === market.winnerSelectionId)?.name

  return (
    <div className="result">
      <h3>{closed ? t('markets.result.settled') : t('markets.result.declare')}</h3>
      {closed && (
        <p>
          {fancy
            ? t('markets.result.runs', { runs: market.resultValue ?? '—' })
            : winnerName
              ? t('markets.result.winner', { name: winnerName })
              : t('markets.result.void')}
        </p>
      )}
      {(!closed || !fancy) && (
        <div className="row">
          {fancy ? (
            <Field label={t('markets.result.runsLabel')}>
              <input type="number" min={0} value={runs} onChange={(e) => setRuns(e.target.value)} />
            </Field>
          ) : (
            <label>
              {t('markets.result.winnerLabel')}
              <select value={winner} onChange={(e) => setWinner(e.target.value)}>
                {market.runners.map((r) => (
                  <option key={r.selectionId} value={r.selectionId}>
                    {r.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {closed && (
            <Field label={t('shell.reason')}>
              <input value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field>
          )}
          <button
            type="button"
            disabled={settle.isPending}
            onClick={() =>
              settle.mutate(
                closed
                  ? {
                      path: `markets/${market.id}/correction`,
                      body: { winnerSelectionId: winner, reason },
                    }
                  : {
                      path: `markets/${market.id}/result`,
                      body: fancy ? { resultValue: Number(runs) } : { winnerSelectionId: winner },
                    },
              )
            }
          >
            {closed ? t('markets.result.correct') : t('markets.result.declareButton')}
          </button>
          {!closed && (
            <button
              type="button"
              className="danger"
              disabled={settle.isPending}
              onClick={() =>
                settle.mutate({ path: `markets/${market.id}/result`, body: { void: true } })
              }
            >
              {t('markets.result.voidButton')}
            </button>
          )}
        </div>
      )}
      {settle.data && <p role="status">{settle.data.data.msg}</p>}
      {settle.error && (
        <p role="alert" className="error">
          {settle.error.message}
        </p>
      )}
    </div>
  )
}
