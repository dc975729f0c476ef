import { paymentRequestsResponse } from '@backlay/contract/admin'
import { transactionResponse } from '@backlay/contract/deposit'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Pager } from '../../../components/pager'
import { admin, query } from '../../../lib/api'
import { formatRupees, formatTime } from '../../../lib/format'

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const

/** Deposit claims (with the player's payment reference) and withdrawals, approved or rejected here. */
export function PaymentsPage() {
  const { t } = useTranslation()
  const client = useQueryClient()
  const [status, setStatus] = useState<string>('PENDING')
  const [type, setType] = useState<string>('')
  const [page, setPage] = useState(1)
  const [remark, setRemark] = useState('')
  const list = useQuery({
    queryKey: ['payments', status, type, page],
    queryFn: () =>
      admin.get(`payments${query({ status, type, page, limit: 25 })}`, paymentRequestsResponse),
  })
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'APPROVE' | 'REJECT' }) =>
      admin.post(
        `payments/${id}/decision`,
        { decision, remark: remark || undefined },
        transactionResponse,
      ),
    onSuccess: () => {
      setRemark('')
      return client.invalidateQueries({ queryKey: ['payments'] })
    },
  })
  return (
    <section>
      <header className="page-head">
        <h1>{t('payments.title')}</h1>
      </header>
      <div className="filters">
        <label>
          {t('payments.type')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t('markets.all')}</option>
            <option value="DEPOSIT">{t('payments.DEPOSIT')}</option>
            <option value="WITHDRAWAL">{t('payments.WITHDRAWAL')}</option>
          </select>
        </label>
        <label>
          {t('markets.status')}
          <select value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">{t('markets.all')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('payments.remark')}
          <input value={remark} onChange={(e) => setRemark(e.target.value)} />
        </label>
      </div>
      {decide.error && (
        <p role="alert" className="error">
          {decide.error.message}
        </p>
      )}
      {list.data && (
        <>
          <table className="grid">
            <thead>
              <tr>
                <th>{t('audit.when')}</th>
                <th>{t('payments.type')}</th>
                <th>{t('players.userName')}</th>
                <th>{t('payments.amount')}</th>
                <th>{t('payments.method')}</th>
                <th>{t('payments.reference')}</th>
                <th>{t('markets.status')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.data.data.list.map((r) => (
                <tr key={r.id}>
                  <td className="nowrap">{formatTime(r.createdAt)}</td>
                  <td>{t(`payments.${r.type}`)}</td>
                  <td>
                    <Link to={`/players/${r.userId}`}>{r.userName}</Link>
                  </td>
                  <td className="num">{formatRupees(r.amount)}</td>
                  <td>{r.method}</td>
                  <td>
                    <code>{r.reference ?? r.payoutTo ?? '—'}</code>
                  </td>
                  <td>{t(`payments.status.${r.status}`)}</td>
                  <td className="nowrap">
                    {r.status === 'PENDING' && (
                      <>
                        <button
                          type="button"
                          className="small"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ id: r.id, decision: 'APPROVE' })}
                        >
                          {t('payments.approve')}
                        </button>{' '}
                        <button
                          type="button"
                          className="small danger"
                          disabled={decide.isPending}
                          onClick={() => decide.mutate({ id: r.id, decision: 'REJECT' })}
                        >
                          {t('payments.reject')}
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.data.data.list.length === 0 && <p>{t('shell.empty')}</p>}
          <Pager page={page} total={list.data.data.total} limit={25} onPage={setPage} />
        </>
      )}
    </section>
  )
}
