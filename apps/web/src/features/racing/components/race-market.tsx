import type { DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import type { RaceItem } from '@backlay/contract/racing'
import { useCallback, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useUserSetting } from '../../bet-slip/api/get-user-setting'
import { useChooseSelection } from '../../bet-slip/hooks/use-choose-selection'
import { useFollowLivePrice } from '../../bet-slip/hooks/use-follow-live-price'
import { delayFor, runnerSelection } from '../../bet-slip/selection'
import { useRunnerLadder } from '../../ladder/components/runner-ladder'
import { useVolumeMultiplier } from '../../markets/api/get-balance-settings'
import { useRacePosition } from '../../markets/api/get-team-position'
import { MarketTable, type SelectOdds } from '../../markets/components/market-table'
import { isMarketSuspended } from '../../markets/display'
import { useLiveMarkets } from '../../markets/hooks/use-live-markets'
import { stakeRange } from '../../markets/stake-limits'
import { useRunnerChart } from '../../price-history/components/runner-chart'
import { useRaceOdds } from '../api/get-races'
import { combinedName, combinedOdds, togglePick } from '../combined'
import { RaceIllustration } from './race-illustration'
import styles from './racing.module.css'

const COMBINED_ID = 'combined'

/** The Combined Market (§2): one runner named '1+4', priced from the picked runners' odds. */
function combinedMarket(market: MarketDetail, picks: readonly DetailRunner[]): MarketDetail {
  const back = combinedOdds(picks, 'back')
  const lay = combinedOdds(picks, 'lay')
  const size = (side: 'availableToBack' | 'availableToLay') =>
    Math.min(...picks.map((r) => r.ex[side][0]?.size ?? 0))
  const first = picks[0] as DetailRunner
  return {
    ...market,
    runners: [
      {
        ...first,
        selectionId: COMBINED_ID,
        runnerName: combinedName(picks),
        name: combinedName(picks),
        selection_name: combinedName(picks),
        metadata: null,
        win_loss: null,
        ex: {
          availableToBack: back
            ? [{ price: back, oprice: back, size: size('availableToBack') }]
            : [],
          availableToLay: lay ? [{ price: lay, oprice: lay, size: size('availableToLay') }] : [],
          tradedVolume: 0,
        },
      },
    ],
  }
}

interface RaceMarketProps {
  race: RaceItem
  sportId: string
  /** Mobile rows show only the first runners (§2: 3). */
  maxRunners?: number
  combine: boolean
}

/** A race's win market, then its other markets (a place market), each a table of its own. */
export function RaceMarkets(props: RaceMarketProps) {
  return (
    <>
      <RaceMarket {...props} />
      {props.race.other_markets.map((m) => (
        <RaceMarket
          key={m.market_id}
          {...props}
          race={{ ...props.race, market_id: m.market_id, market_name: m.market_name }}
          combine={false}
          secondary
        />
      ))}
    </>
  )
}

function RaceMarket({
  race,
  sportId,
  maxRunners,
  combine,
  secondary,
}: RaceMarketProps & {
  /** Below the win market: no loading picture of its own. */
  secondary?: boolean
}) {
  const { t } = useTranslation()
  const odds = useRaceOdds(race)
  const setting = useUserSetting()
  const position = useRacePosition(race.market_id)
  const choose = useChooseSelection()
  const volumeMultiplier = useVolumeMultiplier(sportId)
  const [picked, setPicked] = useState<string[]>([])
  useLiveMarkets([race.market_id])
  const market = odds.data
  useFollowLivePrice(market ? [market] : undefined, undefined)

  const shown = useMemo(
    () =>
      market && maxRunners !== undefined
        ? { ...market, runners: market.runners.slice(0, maxRunners) }
        : market,
    [market, maxRunners],
  )
  const positions = useMemo(
    () =>
      new Map(
        (position.data?.[race.market_id] ?? []).map((p) => [p.selection_id, p.user_pl] as const),
      ),
    [position.data, race.market_id],
  )
  const latest = useRef({ market, picked, setting: setting.data })
  latest.current = { market, picked, setting: setting.data }
  const event = { eventTypeId: sportId, eventId: race.match_id, eventName: race.match_name }
  const eventRef = useRef(event)
  eventRef.current = event

  const onSelect = useCallback<SelectOdds>(
    (m, runner, isBack, offer, oneClickStake) => {
      const { setting: s, picked: ids, market: full } = latest.current
      const range = stakeRange('odds', sportId, undefined, s)
      const delay = delayFor(m.market_type, sportId, m.betDelay, s)
      const selection = runnerSelection(eventRef.current, m, runner, isBack, offer, range, delay)
      if (runner.selectionId !== COMBINED_ID || !full) {
        choose(selection, oneClickStake)
        return
      }
      const legs = full.runners
        .filter((r) => ids.includes(r.selectionId))
        .map((r) => ({
          selectionId: r.selectionId,
          selectionName: r.runnerName,
          odds: (isBack ? r.ex.availableToBack[0]?.oprice : r.ex.availableToLay[0]?.oprice) ?? 0,
        }))
      choose({ ...selection, legs })
    },
    [choose, sportId],
  )
  const tradeLadder = useRunnerLadder(race.match_id, onSelect)
  const onPick = useCallback((runner: DetailRunner) => {
    const { market: m, picked: ids } = latest.current
    if (!m) return
    setPicked(togglePick(ids, runner, !isMarketSuspended(m)))
  }, [])

  const chart = useRunnerChart()
  const range = useMemo(
    () => stakeRange('odds', sportId, undefined, setting.data),
    [sportId, setting.data],
  )

  if (odds.isPending && !secondary) {
    return (
      <div className={styles.loading} role="status">
        <RaceIllustration kind={sportId === '7' ? 'horse' : 'greyhound'} />
        <p>{t('racing.loading', { venue: race.venue })}</p>
      </div>
    )
  }
  if (!shown || !market) return null
  const picks = market.runners.filter((r) => picked.includes(r.selectionId))
  return (
    <div className={styles.tables}>
      {combine && picks.length > 1 ? (
        <MarketTable
          market={combinedMarket(market, picks)}
          title={t('racing.combinedMarket')}
          limits={range}
          positions={undefined}
          volumeMultiplier={volumeMultiplier}
          onSelect={onSelect}
        />
      ) : null}
      <MarketTable
        market={shown}
        limits={range}
        positions={positions}
        volumeMultiplier={volumeMultiplier}
        onSelect={onSelect}
        onChart={chart.open}
        onRunnerLadder={tradeLadder.open}
        {...(combine ? { picked, onPick } : {})}
      />
      {chart.dialog}
      {tradeLadder.dialog}
    </div>
  )
}
