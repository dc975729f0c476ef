import type { SearchItem } from '@backlay/contract/search'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useGuardedOpen } from '../../auth/hooks/use-guarded-open'
import { searchable, useSearchMatches } from '../api/search-matches'
import styles from './search.module.css'

const DEBOUNCE_MS = 300

const eventPath = (m: SearchItem) => `/event-page/${m.sport_id}/${m.match_id}/${m.market_id}`

/**
 * Shell §2 search: matches whose name holds the text (case-insensitive), from 3 letters on;
 * 'No data found' otherwise. Opening a result asks guests to log in first (§4).
 */
export function SearchBox({
  autoFocus = false,
  onDone,
}: {
  autoFocus?: boolean
  onDone?: () => void
}) {
  const { t } = useTranslation()
  const listId = useId()
  const openGuarded = useGuardedOpen()
  const [text, setText] = useState('')
  const [query, setQuery] = useState('')
  useEffect(() => {
    const id = setTimeout(() => setQuery(text), DEBOUNCE_MS)
    return () => clearTimeout(id)
  }, [text])
  const results = useSearchMatches(query)
  const shown = text.trim() !== ''
  const found = searchable(query) && !results.isError ? (results.data ?? []) : []
  const settled = query === text && (!searchable(query) || !results.isFetching || results.data)

  const open = (m: SearchItem) => {
    setText('')
    onDone?.()
    openGuarded(eventPath(m))
  }

  return (
    <search className={styles.box}>
      <input
        type="search"
        className={styles.input}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-controls={listId}
        aria-expanded={shown}
        role="combobox"
        autoComplete="off"
        // biome-ignore lint/a11y/noAutofocus: the mobile toggle opens the box to type in it at once
        autoFocus={autoFocus}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setText('')
        }}
      />
      {shown ? (
        <div id={listId} className={styles.dropdown}>
          {found.length > 0 ? (
            <ul aria-label={t('search.results')}>
              {found.map((m) => (
                <li key={m.id}>
                  <button type="button" className={styles.result} onClick={() => open(m)}>
                    <span className={styles.match}>{m.match_name}</span>
                    <span className={styles.series}>{m.series_name}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : settled ? (
            <p className={styles.empty} role="status">
              {t('validation.noDataFound')}
            </p>
          ) : null}
        </div>
      ) : null}
    </search>
  )
}
