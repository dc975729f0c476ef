import { useTranslation } from 'react-i18next'

export function Pager(props: {
  page: number
  total: number
  limit: number
  onPage: (page: number) => void
}) {
  const { t } = useTranslation()
  const pages = Math.max(1, Math.ceil(props.total / props.limit))
  if (pages === 1) return null
  return (
    <div className="pager">
      <button type="button" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {t('shell.previous')}
      </button>
      <span>{t('shell.page', { page: props.page, pages })}</span>
      <button
        type="button"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        {t('shell.next')}
      </button>
    </div>
  )
}
