import { auditResponse } from '@backlay/contract/admin'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AuditTable } from '../../../components/audit-table'
import { Pager } from '../../../components/pager'
import { admin, query } from '../../../lib/api'

const TYPES = ['market', 'event', 'player', 'brand', 'operator'] as const

/** The append-only log of operator actions (an agent sees its own and its players'). */
export function AuditPage() {
  const { t } = useTranslation()
  const [targetType, setTargetType] = useState('')
  const [targetId, setTargetId] = useState('')
  const [page, setPage] = useState(1)
  const audit = useQuery({
    queryKey: ['audit', targetType, targetId, page],
    queryFn: () =>
      admin.get(`audit${query({ targetType, targetId, page, limit: 50 })}`, auditResponse),
  })
  return (
    <section>
      <header className="page-head">
        <h1>{t('audit.title')}</h1>
      </header>
      <div className="filters">
        <label>
          {t('audit.filterType')}
          <select
            value={targetType}
            onChange={(e) => {
              setTargetType(e.target.value)
              setPage(1)
            }}
          >
            <option value="">{t('audit.types.all')}</option>
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`audit.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('audit.filterId')}
          <input value={targetId} onChange={(e) => setTargetId(e.target.value.trim())} />
        </label>
      </div>
      {audit.data && (
        <>
          <AuditTable entries={audit.data.data.list} label={t('audit.title')} />
          <Pager page={page} total={audit.data.data.total} limit={50} onPage={setPage} />
        </>
      )}
    </section>
  )
}
