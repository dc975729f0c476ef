import { adjustBalanceRequest } from '@backlay/contract/admin'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import type { z } from 'zod'
import { AuditTable } from '../../../components/audit-table'
import { Pager } from '../../../components/pager'
import { formatRupees, formatSigned, formatTime } from '../../../lib/format'
import {
  useAdjustBalance,
  usePlayer,
  usePlayerAction,
  usePlayerAudit,
  usePlayerBets,
  usePlayerLedger,
} from '../api/players'

/** One player: profile, money, responsible-gambling state, actions, ledger, bets and audit trail. */
export function PlayerPage() {
  const { t } = useTranslation()
  const { playerId = '' } = useParams()
  const player = usePlayer(playerId)
  if (player.isPending) return <p>{t('shell.loading')}</p>
  if (player.error)
    return (
      <p role="alert" className="error">
        {player.error.message}
      </p>
    )
  const p = player.data.data
  const rg = p.responsibleGambling
  const limit = (period: 'daily' | 'weekly' | 'monthly') => {
    const l = rg.deposit_limits[period]
    return l.limit === null
      ? t('players.rg.none')
      : `${formatRupees(l.limit)}${l.pending_from ? ` → ${l.pending_limit === null ? t('players.rg.none') : formatRupees(l.pending_limit)} (${formatTime(l.pending_from)})` : ''}`
  }
  return (
    <section>
      <p className="crumbs">
        <Link to="/players">{t('players.title')}</Link> › {p.userName}
      </p>
      <header className="page-head">
        <h1>
          {p.name} <span className="muted">({p.userName})</span>
        </h1>
        {p.locked && <span className="badge CLOSED">{t('players.locked')}</span>}
        {!p.apiAccess && <span className="badge SUSPENDED">{t('players.apiAccess.offBadge')}</span>}
        {p.loginProtection.stepUpRequired && (
          <span className="badge SUSPENDED">{t('players.login.stepUpBadge')}</span>
        )}
        {(rg.self_exclusion.permanent || rg.self_exclusion.until) && (
          <span className="badge CLOSED">{t('players.rg.excludedBadge')}</span>
        )}
      </header>
      <div className="stats">
        <div>
          <small>{t('players.balance')}</small>
          <strong data-testid="player-balance">{formatRupees(p.balance)}</strong>
        </div>
        <div>
          <small>{t('players.exposure')}</small>
          <strong>{formatRupees(p.exposure)}</strong>
        </div>
        <div>
          <small>{t('players.kind')}</small>
          <strong>
            {p.isDemo ? t('players.demo') : p.isB2C ? t('players.b2c') : t('players.credit')}
          </strong>
        </div>
        <div>
          <small>{t('players.agent')}</small>
          <strong>{p.operatorName ?? '—'}</strong>
        </div>
        <div>
          <small>{t('players.login.failed')}</small>
          <strong>{p.loginProtection.failedLogins}</strong>
        </div>
      </div>
      <div className="columns">
        <div className="card">
          <h2>{t('players.rg.title')}</h2>
          <dl className="facts">
            <dt>{t('players.rg.daily')}</dt>
            <dd>{limit('daily')}</dd>
            <dt>{t('players.rg.weekly')}</dt>
            <dd>{limit('weekly')}</dd>
            <dt>{t('players.rg.monthly')}</dt>
            <dd>{limit('monthly')}</dd>
            <dt>{t('players.rg.timeOut')}</dt>
            <dd>{rg.time_out_until ? formatTime(rg.time_out_until) : t('players.rg.none')}</dd>
            <dt>{t('players.rg.selfExclusion')}</dt>
            <dd>
              {rg.self_exclusion.permanent
                ? t('players.rg.permanent')
                : rg.self_exclusion.until
                  ? formatTime(rg.self_exclusion.until)
                  : t('players.rg.none')}
            </dd>
          </dl>
        </div>
        <PlayerActions
          id={p.id}
          locked={p.locked}
          apiAccess={p.apiAccess}
          failedLogins={p.loginProtection.failedLogins}
        />
      </div>
      <Ledger id={p.id} />
      <Bets id={p.id} />
      <Audit id={p.id} />
    </section>
  )
}

type Adjust = z.input<typeof adjustBalanceRequest>

/** One audited change that takes only a reason: a title, the reason field and its button. */
function ReasonAction({
  title,
  danger,
  pending,
  onSubmit,
}: {
  title: string
  danger?: boolean
  pending: boolean
  onSubmit: (reason: string, done: () => void) => void
}) {
  const { t } = useTranslation()
  const [reason, setReason] = useState('')
  return (
    <div className="inline-form">
      <h3>{title}</h3>
      <label>
        {t('shell.reason')}
        <input value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <button
        type="button"
        className={danger ? 'danger' : ''}
        disabled={pending || !reason.trim()}
        onClick={() => onSubmit(reason, () => setReason(''))}
      >
        {title}
      </button>
    </div>
  )
}

function PlayerActions({
  id,
  locked,
  apiAccess,
  failedLogins,
}: {
  id: string
  locked: boolean
  apiAccess: boolean
  failedLogins: number
}) {
  const { t } = useTranslation()
  const action = usePlayerAction(id)
  const adjust = useAdjustBalance(id)
  const [password, setPassword] = useState('')
  const [passwordReason, setPasswordReason] = useState('')
  const money = useForm<Adjust>({
    resolver: zodResolver(adjustBalanceRequest),
    defaultValues: { direction: 'credit', reason: '' },
  })
  return (
    <div className="card">
      <h2>{t('players.actions')}</h2>
      <form
        className="inline-form"
        aria-label={t('players.money.title')}
        onSubmit={money.handleSubmit((v) => adjust.mutate(v, { onSuccess: () => money.reset() }))}
      >
        <h3>{t('players.money.title')}</h3>
        <label>
          {t('players.money.direction')}
          <select {...money.register('direction')}>
            <option value="credit">{t('players.money.credit')}</option>
            <option value="debit">{t('players.money.debit')}</option>
          </select>
        </label>
        <label>
          {t('players.money.amount')}
          <input type="number" step="0.01" {...money.register('amount', { valueAsNumber: true })} />
          {money.formState.errors.amount && (
            <span className="field-error">{money.formState.errors.amount.message}</span>
          )}
        </label>
        <label>
          {t('shell.reason')}
          <input {...money.register('reason')} />
          {money.formState.errors.reason && (
            <span className="field-error">{money.formState.errors.reason.message}</span>
          )}
        </label>
        {adjust.error && (
          <p role="alert" className="error">
            {adjust.error.message}
          </p>
        )}
        <button type="submit" disabled={adjust.isPending}>
          {t('players.money.submit')}
        </button>
      </form>
      <ReasonAction
        title={locked ? t('players.unlock') : t('players.lock')}
        danger={!locked}
        pending={action.isPending}
        onSubmit={(reason, done) =>
          action.mutate({ path: 'lock', body: { locked: !locked, reason } }, { onSuccess: done })
        }
      />
      <ReasonAction
        title={apiAccess ? t('players.apiAccess.off') : t('players.apiAccess.on')}
        danger={apiAccess}
        pending={action.isPending}
        onSubmit={(reason, done) =>
          action.mutate(
            { path: 'api-access', body: { enabled: !apiAccess, reason } },
            { onSuccess: done },
          )
        }
      />
      {failedLogins > 0 && (
        <ReasonAction
          title={t('players.login.clear')}
          pending={action.isPending}
          onSubmit={(reason, done) =>
            action.mutate({ path: 'login-protection/clear', body: { reason } }, { onSuccess: done })
          }
        />
      )}
      <div className="inline-form">
        <h3>{t('players.resetPassword')}</h3>
        <label>
          {t('players.newPassword')}
          <input
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label>
          {t('shell.reason')}
          <input value={passwordReason} onChange={(e) => setPasswordReason(e.target.value)} />
        </label>
        <button
          type="button"
          disabled={action.isPending || password.length < 6 || !passwordReason.trim()}
          onClick={() =>
            action.mutate(
              { path: 'password', body: { password, reason: passwordReason } },
              {
                onSuccess: () => {
                  setPassword('')
                  setPasswordReason('')
                },
              },
            )
          }
        >
          {t('players.resetPassword')}
        </button>
      </div>
      {action.error && (
        <p role="alert" className="error">
          {action.error.message}
        </p>
      )}
      {action.data && <p role="status">{action.data.data.msg}</p>}
    </div>
  )
}

function Ledger({ id }: { id: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const ledger = usePlayerLedger(id, page)
  return (
    <div className="card">
      <h2>{t('players.ledger.title')}</h2>
      {ledger.data && (
        <>
          <table className="grid" aria-label={t('players.ledger.title')}>
            <thead>
              <tr>
                <th>{t('audit.when')}</th>
                <th>{t('players.ledger.kind')}</th>
                <th>{t('players.ledger.memo')}</th>
                <th>{t('players.ledger.amount')}</th>
                <th>{t('players.ledger.balance')}</th>
              </tr>
            </thead>
            <tbody>
              {ledger.data.data.list.map((r) => (
                <tr key={r.transactionId}>
                  <td className="nowrap">{formatTime(r.createdAt)}</td>
                  <td>
                    <code>{r.kind}</code>
                  </td>
                  <td>{r.memo ?? '—'}</td>
                  <td className={`num ${r.amount < 0 ? 'loss' : 'win'}`}>
                    {formatSigned(r.amount)}
                  </td>
                  <td className="num">{formatRupees(r.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={ledger.data.data.total} limit={20} onPage={setPage} />
        </>
      )}
    </div>
  )
}

function Bets({ id }: { id: string }) {
  const { t } = useTranslation()
  const [page, setPage] = useState(1)
  const bets = usePlayerBets(id, page)
  return (
    <div className="card">
      <h2>{t('players.bets.title')}</h2>
      {bets.data && bets.data.data.list.length === 0 && <p>{t('players.bets.none')}</p>}
      {bets.data && bets.data.data.list.length > 0 && (
        <>
          <table className="grid" aria-label={t('players.bets.title')}>
            <thead>
              <tr>
                <th>{t('audit.when')}</th>
                <th>{t('markets.event')}</th>
                <th>{t('players.bets.market')}</th>
                <th>{t('players.bets.selection')}</th>
                <th>{t('players.bets.side')}</th>
                <th>{t('players.bets.odds')}</th>
                <th>{t('players.bets.stake')}</th>
                <th>{t('markets.status')}</th>
                <th>{t('players.bets.pl')}</th>
              </tr>
            </thead>
            <tbody>
              {bets.data.data.list.map((b) => (
                <tr key={b.betId}>
                  <td className="nowrap">{formatTime(b.createdAt)}</td>
                  <td>{b.eventName}</td>
                  <td>{b.marketName}</td>
                  <td>{b.selectionName}</td>
                  <td className={b.side === 'BACK' ? 'back' : 'lay'}>
                    {t(`players.bets.${b.side}`)}
                  </td>
                  <td className="num">{b.odds}</td>
                  <td className="num">{formatRupees(b.stake)}</td>
                  <td>{b.status}</td>
                  <td className={`num ${(b.pl ?? 0) < 0 ? 'loss' : 'win'}`}>
                    {b.pl === null ? '—' : formatSigned(b.pl)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={bets.data.data.total} limit={20} onPage={setPage} />
        </>
      )}
    </div>
  )
}

function Audit({ id }: { id: string }) {
  const { t } = useTranslation()
  const audit = usePlayerAudit(id)
  return (
    <div className="card">
      <h2>{t('players.audit')}</h2>
      {audit.data && <AuditTable entries={audit.data.data.list} label={t('players.audit')} />}
    </div>
  )
}
