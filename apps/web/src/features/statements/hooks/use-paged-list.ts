import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { z } from 'zod'
import { api } from '../../../lib/api-client'
import { useUtcOffset } from '../../account/stores/time-zone-store'
import { dayWindow, recentDays } from '../date-window'

const PAGE_SIZE = 25
const DEFAULT_DAYS = 30

type PagedSchema = z.ZodType<{
  data: { list: unknown[]; total: number; page: number; limit: number }
}>

type PageOf<S extends PagedSchema> = z.output<S>['data']

/**
 * A paged list call with a day-range filter in the player's time setting (statements,
 * transactions, bonus statement). Query keys start with 'user' so logout drops them.
 */
export function usePagedList<S extends PagedSchema>(
  path: string,
  schema: S,
  extra: Record<string, string | undefined> = {},
) {
  const offset = useUtcOffset()
  const [range, setRange] = useState(() => recentDays(DEFAULT_DAYS, offset))
  const [page, setPage] = useState(1)
  const window = dayWindow(range.fromDay, range.toDay, offset)
  const filters = Object.fromEntries(Object.entries(extra).filter(([, v]) => v))
  const body = { page, limit: PAGE_SIZE, ...window, ...filters }
  const query = useQuery({
    queryKey: ['user', path, body],
    queryFn: () => api.post(path, body, schema),
    placeholderData: keepPreviousData,
    select: (r) => r.data as PageOf<S>,
  })
  return {
    range,
    setRange: (r: typeof range) => {
      setRange(r)
      setPage(1)
    },
    /** The rows, state and paging a StatementPage takes, so every paged page spreads the same props. */
    table: {
      rows: query.data?.list as PageOf<S>['list'] | undefined,
      loading: query.isPending,
      failed: query.isError,
      paging: { page, limit: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPage },
    },
  }
}
