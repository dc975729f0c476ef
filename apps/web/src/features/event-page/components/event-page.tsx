import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router'
import { formatMatchTime } from '../../../lib/format'
import { useUserSetting } from '../../bet-slip/api/get-user-setting'
import { ConfirmPopup } from '../../bet-slip/components/confirm-popup'
import { useChooseSelection } from '../../bet-slip/hooks/use-choose-selection'
import { useFollowLivePrice } from '../../bet-slip/hooks/use-follow-live-price'
import { delayFor, fancySelection, runnerSelection } from '../../bet-slip/selection'
import { cashOutOffered } from '../../cash-out/cash-out-rules'
import { CashOutButton } from '../../cash-out/components/cash-out-button'
import { useVolumeMultiplier } from '../../markets/api/get-balance-settings'
import { useFancyLiability, useTeamPosition } from '../../markets/api/get-team-position'
import { FancyTable } from '../../markets/components/fancy-table'
import { MarketTable, type SelectOdds } from '../../markets/components/market-table'
import { type LadderTarget, PositionDialog } from '../../markets/components/position-dialog'
import { useLiveMarkets } from '../../markets/hooks/use-live-markets'
import { limitKindOf, stakeRange } from '../../markets/stake-limits'
import { useEventsLimit } from '../api/get-events-limit'
import { useFancies } from '../api/get-fancies'
import { useMatchDetails } from '../api/get-match-details'
import { useEventName } from '../api/get-menu'
import { useCommitTiming } from '../hooks/use-commit-timing'
import styles from './event-page.module.css'

/** /event-page/{eventTypeId}/{eventId}/{marketId?}: every market of one match, live. */
export function EventPage() {
  const { eventTypeId = '', eventId = '', marketId } = useParams()
  const { t } = useTranslation()
  useCommitTiming('event-page')
  const details = useMatchDetails(eventId, marketId)
  const markets = details.data
  const hasFancy = markets?.some((m) => m.enable_fancy === 1) ?? false
  const fancies = useFancies(eventId, hasFancy)
  const limits = useEventsLimit(eventId, eventTypeId)
  const setting = useUserSetting()
  const positions = useTeamPosition(eventId)
  const liabilities = useFancyLiability(eventId, hasFancy)
  const eventName = useEventName(eventTypeId, eventId)
  const choose = useChooseSelection()
  const volumeMultiplier = useVolumeMultiplier(eventTypeId)
  const [ladder, setLadder] = useState<LadderTarget | null>(null)

  const marketIds = useMemo(() => markets?.map((m) => m.market_id) ?? [], [markets])
  useLiveMarkets(marketIds, hasFancy ? [eventId] : [])
  useFollowLivePrice(markets, fancies.data)

  const positionMaps = useMemo(() => {
    const out = new Map<string, Map<string, number>>()
    for (const [id, list] of Object.entries(positions.data ?? {})) {
      out.set(id, new Map(list.map((p) => [p.selection_id, p.user_pl])))
    }
    return out
  }, [positions.data])

  // The click handlers read the latest context through a ref so the memoised tables keep one
  // handler for their lifetime and a price tick re-renders only the cells that changed.
  const context = useRef({ eventName, limits: limits.data, setting: setting.data, positionMaps })
  context.current = { eventName, limits: limits.data, setting: setting.data, positionMaps }
  const event = useCallback(
    () => ({ eventTypeId, eventId, eventName: context.current.eventName ?? '' }),
    [eventTypeId, eventId],
  )

  const rangeOf = useCallback(
    (kind: 'odds' | 'bookmaker' | 'fancy', id: string) => {
      const { limits: l, setting: s } = context.current
      const own = kind === 'fancy' ? l?.session[id] : l?.[id]
      const eventLimit =
        own && 'session_min_stack' in own
          ? { min: own.session_min_stack, max: own.session_max_stack }
          : own && 'market_min_stack' in own
            ? { min: own.market_min_stack, max: own.market_max_stack }
            : undefined
      return stakeRange(kind, eventTypeId, eventLimit, s)
    },
    [eventTypeId],
  )

  const onSelect = useCallback<SelectOdds>(
    (market, runner, isBack, offer) => {
      const delay = delayFor(
        market.market_type,
        eventTypeId,
        market.betDelay,
        context.current.setting,
      )
      const range = rangeOf(limitKindOf(market.market_type), market.market_id)
      choose(runnerSelection(event(), market, runner, isBack, offer, range, delay))
    },
    [choose, event, eventTypeId, rangeOf],
  )

  const onSelectFancy = useCallback(
    (fancy: Fancy, isBack: boolean) => {
      const delay = delayFor('SESSION', eventTypeId, fancy.betDelay, context.current.setting)
      choose(fancySelection(event(), fancy, isBack, rangeOf('fancy', fancy.fancy_id), delay))
    },
    [choose, event, eventTypeId, rangeOf],
  )

  const onLadder = useCallback(
    (market: MarketDetail) =>
      setLadder({
        kind: 'market',
        market,
        positions: context.current.positionMaps.get(market.market_id),
      }),
    [],
  )
  const onFancyLadder = useCallback((fancy: Fancy) => setLadder({ kind: 'fancy', fancy }), [])
  const fancyRange = useCallback((id: string) => rangeOf('fancy', id), [rangeOf])

  // §8: an unknown or finished match answers with no markets, and the player goes home.
  const gone = details.isSuccess && details.data.length === 0
  useEffect(() => {
    if (details.isError) console.error('match details failed', details.error)
  }, [details.isError, details.error])
  if (gone) return <Navigate to="/" replace />

  const main = markets?.[0]
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{eventName ?? main?.market_name ?? t('events.loading')}</h1>
        {main ? (
          <p className={styles.meta}>
            {main.inplay ? <span className={styles.live}>{t('events.inPlay')}</span> : null}
            <time dateTime={main.match_date}>{formatMatchTime(main.match_date)}</time>
            {main.GameStatus ? <span>{main.GameStatus}</span> : null}
          </p>
        ) : null}
      </header>
      {details.isPending ? <p className={styles.notice}>{t('events.loading')}</p> : null}
      {markets?.map((market) => (
        <MarketTable
          key={market.market_id}
          market={market}
          limits={rangeOf(limitKindOf(market.market_type), market.market_id)}
          positions={positionMaps.get(market.market_id)}
          volumeMultiplier={volumeMultiplier}
          onSelect={onSelect}
          onLadder={onLadder}
          actions={cashOutOffered(market) ? <CashOutButton market={market} /> : undefined}
        />
      ))}
      {fancies.data && fancies.data.length > 0 ? (
        <FancyTable
          fancies={fancies.data}
          limitOf={fancyRange}
          liabilities={liabilities.data}
          onSelect={onSelectFancy}
          onLadder={onFancyLadder}
        />
      ) : null}
      <PositionDialog target={ladder} onClose={() => setLadder(null)} />
      <ConfirmPopup />
    </div>
  )
}
