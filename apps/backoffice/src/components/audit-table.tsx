import type { AuditEntry } from '@backlay/contract/admin'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../lib/format'

const show = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value)

/** Who did what, with the state before and after, newest first. */
export function AuditTable({ entries, label }: { entries: AuditEntry[]; label: string }) {
  const { t } = useTranslation()
  if (entries.length === 0) return <p>{t('audit.none')}</p>
  return (
    <table className="grid audit" aria-label={label}>
      <thead>
        <tr>
          <th>{t('audit.when')}</th>
          <th>{t('audit.who')}</th>
          <th>{t('audit.what')}</th>
          <th>{t('audit.target')}</th>
          <th>{t('audit.before')}</th>
          <th>{t('audit.after')}</th>
          <th>{t('shell.reason')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td className="nowrap">{formatTime(e.createdAt)}</td>
            <td>{e.actorName}</td>
            <td>
              <code>{e.action}</code>
            </td>
            <td className="nowrap">
              {e.targetType} {e.targetId}
            </td>
            <td className="json">{show(e.before)}</td>
            <td className="json">{show(e.after)}</td>
            <td>{e.reason ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
