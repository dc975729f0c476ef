import type { Fancy, MarketDetail } from '@backlay/contract/match-details'
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useParams } from 'react-router'
import { formatMatchTime } from '../../../lib/format'
import { lazyNamed, OnceOpened } from '../../../lib/lazy-overlay'
import { useCommitTiming } from '../../../lib/use-commit-timing'
import { useUserSetting } from '../../bet-slip/api/get-user-setting'
import { BetReceipt } from '../../bet-slip/components/bet-receipt'
import { ConfirmPopup } from '../../bet-slip/components/confirm-popup'
import { useChooseSelection } from '../../bet-slip/hooks/use-choose-selection'
import { useFollowLivePrice } from '../../bet-slip/hooks/use-follow-live-price'
import { delayFor, fancySelection, runnerSelection } from '../../bet-slip/selection'
import { useBetSlip } from '../../bet-slip/stores/bet-slip-store'
import { cashOutOffered } from '../../cash-out/cash-out-rules'
import { CashOutButton } from '../../cash-out/components/cash-out-button'
import { useRunnerLadder } from '../../ladder/components/runner-ladder'
import { useVolumeMultiplier } from '../../markets/api/get-balance-settings'
import { useFancyLiability, useTeamPosition } from '../../markets/api/get-team-position'
import { FancyTable, type SelectFancy } from '../../markets/components/fancy-table'
import { MarketTable, type OpenChart, type SelectOdds } from '../../markets/components/market-table'
import type { LadderTarget } from '../../markets/components/position-dialog'
import { useLiveMarkets } from '../../markets/hooks/use-live-markets'
import {
  type LimitKind,
  limitKindOf,
  type StakeRange,
  stakeRange,
} from '../../markets/stake-limits'
import { useRunnerChart } from '../../price-history/components/runner-chart'
import { RulesButton } from '../../rules/components/rules-button'
import { useEventsLimit } from '../api/get-events-limit'
import { useFancies } from '../api/get-fancies'
import { useMatchDetails } from '../api/get-match-details'
import { useEventName } from '../api/get-menu'
import styles from './event-page.module.css'
import { MatchCentre } from './match-centre'

const PositionDialog = lazyNamed(
  () => import('../../markets/components/position-dialog'),
  'PositionDialog',
)

/** What the page itself shows of the markets; price ticks leave it unchanged. */
interface EventOutline {
  markets: { id: string; kind: LimitKind }[]
  hasFancy: boolean
  main: Pick<MarketDetail, 'market_name' | 'inplay' | 'match_date' | 'GameStatus'> | undefined
}

const outlineOf = (markets: MarketDetail[]): EventOutline => {
  const main = markets[0]
  return {
    markets: markets.map((m) => ({ id: m.market_id, kind: limitKindOf(m.market_type) })),
    hasFancy: markets.some((m) => m.enable_fancy === 1),
    main: main && {
      market_name: main.market_name,
      inplay: main.inplay,
      match_date: main.match_date,
      GameStatus: main.GameStatus,
    },
  }
}

type RangeOf = (kind: LimitKind, id: string) => StakeRange

/**
 * Min / max per market or session line: a user limit, else the event's, else §9. Each id keeps
 * one object while the limits hold, so the memoised tables and rows see the same prop.
 */
function useRangeOf(eventTypeId: string, matchId: string): RangeOf {
  const limits = useEventsLimit(matchId, eventTypeId).data
  const setting = useUserSetting().data
  return useMemo(() => {
    const ranges = new Map<string, StakeRange>()
    return (kind, id) => {
      const key = `${kind}:${id}`
      const known = ranges.get(key)
      if (known) return known
      const own = kind === 'fancy' ? limits?.session[id] : limits?.[id]
      const eventLimit =
        own && 'session_min_stack' in own
          ? { min: own.session_min_stack, max: own.session_max_stack }
          : own && 'market_min_stack' in own
            ? { min: own.market_min_stack, max: own.market_max_stack }
            : undefined
      const range = stakeRange(kind, eventTypeId, eventLimit, setting)
      ranges.set(key, range)
      return range
    }
  }, [eventTypeId, limits, setting])
}

export { prefetchPageData } from '../prefetch-page-data'

/** /event-page/{eventTypeId}/{eventId}/{marketId?}: every market of one match, live. */
export function EventPage() {
  const { eventTypeId = '', eventId = '', marketId } = useParams()
  const { t } = useTranslation()
  useCommitTiming('event-page')
  const details = useMatchDetails(eventId, marketId, outlineOf)
  const outline = details.data
  const hasFancy = outline?.hasFancy ?? false
  const setting = useUserSetting()
  const positions = useTeamPosition(eventId)
  const eventName = useEventName(eventTypeId, eventId)
  const choose = useChooseSelection()
  const volumeMultiplier = useVolumeMultiplier(eventTypeId)
  const rangeOf = useRangeOf(eventTypeId, eventId)
  const [ladder, setLadder] = useState<LadderTarget | null>(null)
  const chart = useRunnerChart()

  const marketIds = useMemo(() => outline?.markets.map((m) => m.id) ?? [], [outline])
  useLiveMarkets(marketIds, hasFancy ? [eventId] : [])
  // The tables are first built in a background render that yields to the browser; the stream
  // is subscribed at once, and each table's own price updates are not deferred.
  const shown = useDeferredValue(outline)

  const positionMaps = useMemo(() => {
    const out = new Map<string, Map<string, number>>()
    for (const [id, list] of Object.entries(positions.data ?? {})) {
      out.set(id, new Map(list.map((p) => [p.selection_id, p.user_pl])))
    }
    return out
  }, [positions.data])

  // The click handlers read the latest context through a ref so the memoised tables keep one
  // handler for their lifetime.
  const context = useRef({ eventName, setting: setting.data, positionMaps, rangeOf })
  context.current = { eventName, setting: setting.data, positionMaps, rangeOf }
  const event = useCallback(
    () => ({ eventTypeId, eventId, eventName: context.current.eventName ?? '' }),
    [eventTypeId, eventId],
  )

  const onSelect = useCallback<SelectOdds>(
    (market, runner, isBack, offer, oneClickStake) => {
      const { setting: s, rangeOf: range } = context.current
      const delay = delayFor(market.market_type, eventTypeId, market.betDelay, s)
      const limits = range(limitKindOf(market.market_type), market.market_id)
      choose(runnerSelection(event(), market, runner, isBack, offer, limits, delay), oneClickStake)
    },
    [choose, event, eventTypeId],
  )
  const tradeLadder = useRunnerLadder(eventId, onSelect)

  const onSelectFancy = useCallback(
    (fancy: Fancy, isBack: boolean) => {
      const { setting: s, rangeOf: range } = context.current
      const delay = delayFor('SESSION', eventTypeId, fancy.betDelay, s)
      choose(fancySelection(event(), fancy, isBack, range('fancy', fancy.fancy_id), delay))
    },
    [choose, event, eventTypeId],
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
  const gone = details.isSuccess && details.data.markets.length === 0
  useEffect(() => {
    if (details.isError) console.error('match details failed', details.error)
  }, [details.isError, details.error])
  if (gone) return <Navigate to="/" replace />

  const main = outline?.main
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{eventName ?? main?.market_name ?? t('events.loading')}</h1>
          <RulesButton />
        </div>
        {main ? (
          <p className={styles.meta}>
            {main.inplay ? <span className={styles.live}>{t('events.inPlay')}</span> : null}
            <time dateTime={main.match_date}>{formatMatchTime(main.match_date)}</time>
            {main.GameStatus ? <span>{main.GameStatus}</span> : null}
          </p>
        ) : null}
      </header>
      <MatchCentre eventTypeId={eventTypeId} eventId={eventId} />
      {shown === undefined && !details.isError ? (
        <p className={styles.notice}>{t('events.loading')}</p>
      ) : null}
      {shown?.markets.map(({ id, kind }) => (
        <EventMarket
          key={id}
          matchId={eventId}
          routeMarketId={marketId}
          id={id}
          limits={rangeOf(kind, id)}
          positions={positionMaps.get(id)}
          volumeMultiplier={volumeMultiplier}
          onSelect={onSelect}
          onLadder={onLadder}
          onChart={chart.open}
          onRunnerLadder={tradeLadder.open}
        />
      ))}
      {shown?.hasFancy ? (
        <EventFancies
          matchId={eventId}
          limitOf={fancyRange}
          onSelect={onSelectFancy}
          onLadder={onFancyLadder}
        />
      ) : null}
      <FollowSelectedPrice matchId={eventId} routeMarketId={marketId} hasFancy={hasFancy} />
      <OnceOpened open={ladder !== null}>
        <PositionDialog target={ladder} onClose={() => setLadder(null)} />
      </OnceOpened>
      {chart.dialog}
      {tradeLadder.dialog}
      <ConfirmPopup />
      <BetReceipt placement="sheet" />
    </div>
  )
}

interface EventMarketProps {
  matchId: string
  routeMarketId: string | undefined
  id: string
  limits: StakeRange
  positions: ReadonlyMap<string, number> | undefined
  volumeMultiplier: number
  onSelect: SelectOdds
  onLadder: (market: MarketDetail) => void
  onChart: OpenChart
  onRunnerLadder: OpenChart
}

/** One market table, subscribed to its own market only: another market's tick passes it by. */
const EventMarket = memo(function EventMarket({
  matchId,
  routeMarketId,
  id,
  ...table
}: EventMarketProps) {
  useCommitTiming('event-page')
  const own = useCallback(
    (markets: MarketDetail[]) => markets.find((m) => m.market_id === id),
    [id],
  )
  const market = useMatchDetails(matchId, routeMarketId, own).data
  if (!market) return null
  return (
    <MarketTable
      market={market}
      actions={
        cashOutOffered(market) ? (
          <CashOutButton
            marketId={market.market_id}
            marketName={market.market_name}
            betDelay={market.betDelay}
          />
        ) : undefined
      }
      {...table}
    />
  )
})

interface EventFanciesProps {
  matchId: string
  limitOf: (fancyId: string) => StakeRange
  onSelect: SelectFancy
  onLadder: (fancy: Fancy) => void
}

/** The session lines and the player's liability on each; only their own ticks reach them. */
const EventFancies = memo(function EventFancies({ matchId, ...table }: EventFanciesProps) {
  useCommitTiming('event-page')
  const fancies = useFancies(matchId, true)
  const liabilities = useFancyLiability(matchId, true)
  if (!fancies.data?.length) return null
  return <FancyTable fancies={fancies.data} liabilities={liabilities.data} {...table} />
})

/**
 * Feeds the slip the live price of the selected cell (§2 odds-changed notice). It picks only
 * that runner's market or line, so without a selection no tick re-renders it.
 */
function FollowSelectedPrice({
  matchId,
  routeMarketId,
  hasFancy,
}: {
  matchId: string
  routeMarketId: string | undefined
  hasFancy: boolean
}) {
  const selected = useBetSlip((s) => s.selection?.marketId)
  const market = useMatchDetails(
    matchId,
    routeMarketId,
    useCallback(
      (markets: MarketDetail[]) => markets.filter((m) => m.market_id === selected),
      [selected],
    ),
  )
  const line = useFancies(
    matchId,
    hasFancy,
    useCallback((lines: Fancy[]) => lines.filter((f) => f.fancy_id === selected), [selected]),
  )
  useFollowLivePrice(market.data, line.data)
  return null
}
