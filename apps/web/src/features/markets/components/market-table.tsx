import type { DetailPriceSize, DetailRunner, MarketDetail } from '@backlay/contract/match-details'
import { memo, type ReactNode, useCallback, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { formatWhole } from '../../../lib/format'
import {
  canClickCell,
  isMarketSuspended,
  isRunnerSuspended,
  priceText,
  sizeText,
  threeCells,
} from '../display'
import type { StakeRange } from '../stake-limits'
import { Exposure } from './exposure'
import styles from './markets.module.css'
import { type CellSide, PriceCell } from './price-cell'

/** A price chosen; a caller with its own one-click stake (the ladder) passes it to bet at once. */
export type SelectOdds = (
  market: MarketDetail,
  runner: DetailRunner,
  isBack: boolean,
  offer: DetailPriceSize,
  oneClickStake?: number,
) => void

export interface MarketTableProps {
  market: MarketDetail
  limits: StakeRange
  /** P/L per selection id if it wins (team position), when logged in. */
  positions: ReadonlyMap<string, number> | undefined
  volumeMultiplier: number
  onSelect: SelectOdds
  /** Extra header controls (cash-out). */
  actions?: ReactNode
  onLadder?: (market: MarketDetail) => void
  /** Opens a runner's price history (markets matched between players). */
  onChart?: OpenChart
  /** Opens a runner's one-click ladder (markets matched between players). */
  onRunnerLadder?: OpenChart
  /** Racing combined bets: the picked runners and the pick toggle. */
  picked?: readonly string[]
  onPick?: (runner: DetailRunner) => void
  /** Shown instead of the market name (the racing Combined Market). */
  title?: string
}

export type OpenChart = (market: MarketDetail, runner: DetailRunner) => void

/** A price pressed in one runner's row; the table adds its market. */
type SelectRunnerOdds = (runner: DetailRunner, isBack: boolean, offer: DetailPriceSize) => void

interface RunnerRowProps {
  marketId: string
  marketType: MarketDetail['market_type']
  marketStatus: MarketDetail['status']
  runner: DetailRunner
  pl: number | null | undefined
  volumeMultiplier: number
  onSelect: SelectRunnerOdds
  picked: boolean
  onPick: ((runner: DetailRunner) => void) | undefined
  onChart: ((runner: DetailRunner) => void) | undefined
  onRunnerLadder: ((runner: DetailRunner) => void) | undefined
}

/** Racing runners carry cloth number, silks, jockey and trainer (§3 runner metadata). */
function RunnerInfo({ runner }: { runner: DetailRunner }) {
  const { t } = useTranslation()
  const meta = runner.metadata
  if (!meta) return <span>{runner.runnerName}</span>
  return (
    <span className={styles.raceRunner}>
      {meta.COLOURS_FILENAME ? (
        <img className={styles.silks} src={meta.COLOURS_FILENAME} alt="" width={22} height={22} />
      ) : null}
      <span>
        <span className={styles.cloth}>{meta.CLOTH_NUMBER}</span> {runner.runnerName}
        <span className={styles.jockey}>
          {t('markets.jockey', { name: meta.JOCKEY_NAME })} ·{' '}
          {t('markets.trainer', { name: meta.TRAINER_NAME })}
        </span>
      </span>
    </span>
  )
}

/** A small button on a runner's name line (its chart, its ladder), drawn by one SVG path. */
function RunnerTool({
  label,
  icon,
  onClick,
}: {
  label: string
  icon: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      className={styles.chartButton}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
        <path d={icon} stroke="currentColor" fill="none" />
      </svg>
    </button>
  )
}

/**
 * One runner's Back and Lay cells. It takes the market's fields it shows rather than the market,
 * whose object is new on every tick of any runner, so a tick re-renders only the runners whose
 * prices moved (the stream keeps unchanged runners as the same objects).
 */
const RunnerRow = memo(function RunnerRow({
  marketId,
  marketType,
  marketStatus,
  runner,
  pl,
  volumeMultiplier,
  onSelect,
  picked,
  onPick,
  onChart,
  onRunnerLadder,
}: RunnerRowProps) {
  const { t } = useTranslation()
  const suspended = isRunnerSuspended({ status: marketStatus }, runner.status)
  const name = runner.runnerName
  // Clicks read the runner of the last render, so the press handler never changes.
  const latest = useRef(runner)
  latest.current = runner
  const press = useCallback(
    (side: CellSide, index: number) => {
      const current = latest.current
      const isBack = side === 'back'
      const offer = (isBack ? current.ex.availableToBack : current.ex.availableToLay)[index]
      if (offer) onSelect(current, isBack, offer)
    },
    [onSelect],
  )
  const cell = (side: CellSide, offer: DetailPriceSize | undefined, index: number) => {
    const price = offer?.price ?? 0
    const clickable = canClickCell(suspended, price) && offer !== undefined
    const text = priceText(marketId, marketType, price)
    return (
      <PriceCell
        key={`${side}${index}`}
        side={side}
        index={index}
        main={text}
        sub={offer ? sizeText(marketId, offer.size, volumeMultiplier) : ''}
        price={price}
        size={offer?.size ?? 0}
        disabled={!clickable}
        label={`${t(side === 'back' ? 'markets.back' : 'markets.lay')} ${name}`}
        onPress={clickable ? press : undefined}
      />
    )
  }
  const backs = threeCells(runner.ex.availableToBack)
  const lays = threeCells(runner.ex.availableToLay)
  return (
    <div className={styles.runnerRow} data-runner={runner.selectionId}>
      <div className={styles.runnerName}>
        <span className={styles.nameLine}>
          {onPick ? (
            <label className={styles.pick}>
              <input
                type="checkbox"
                checked={picked}
                disabled={!picked && suspended}
                aria-label={t('markets.pick', { name })}
                onChange={() => onPick(runner)}
              />
              <RunnerInfo runner={runner} />
            </label>
          ) : (
            <RunnerInfo runner={runner} />
          )}
          {onChart ? (
            <RunnerTool
              label={t('pricehistory.open', { name })}
              icon="M1 14h14M2 11l4-5 3 3 5-6"
              onClick={() => onChart(latest.current)}
            />
          ) : null}
          {onRunnerLadder ? (
            <RunnerTool
              label={t('ladder.open', { name })}
              icon="M4 1v14M12 1v14M4 4h8M4 8h8M4 12h8"
              onClick={() => onRunnerLadder(latest.current)}
            />
          ) : null}
        </span>
        <Exposure amount={pl} label={t('markets.exposure')} />
      </div>
      <div className={styles.cells}>
        {[2, 1, 0].map((i) => cell('back', backs[i], i))}
        {[0, 1, 2].map((i) => cell('lay', lays[i], i))}
        {suspended ? <div className={styles.suspendedRow}>{t('markets.suspended')}</div> : null}
      </div>
    </div>
  )
})

/** Match odds, bookmaker and racing win markets: Back and Lay, best three prices each side. */
export const MarketTable = memo(function MarketTable({
  market,
  limits,
  positions,
  volumeMultiplier,
  onSelect,
  actions,
  onLadder,
  picked,
  onPick,
  onChart,
  onRunnerLadder,
  title: titleOverride,
}: MarketTableProps) {
  const { t } = useTranslation()
  const allSuspended = isMarketSuspended(market)
  const latestMarket = useRef(market)
  latestMarket.current = market
  const selectRunner = useCallback<SelectRunnerOdds>(
    (runner, isBack, offer) => onSelect(latestMarket.current, runner, isBack, offer),
    [onSelect],
  )
  const chartRunner = useCallback(
    (runner: DetailRunner) => onChart?.(latestMarket.current, runner),
    [onChart],
  )
  const ladderRunner = useCallback(
    (runner: DetailRunner) => onRunnerLadder?.(latestMarket.current, runner),
    [onRunnerLadder],
  )
  const exchange = market.market_type !== 'BOOKMAKER'
  const charted = onChart !== undefined && exchange
  const title =
    titleOverride ??
    (market.market_type === 'BOOKMAKER'
      ? t('markets.bookmaker')
      : market.market_name || market.name)
  return (
    <section className={styles.market} aria-label={title} data-market={market.market_id}>
      <header className={styles.marketHead}>
        <h2 className={styles.marketTitle}>{title}</h2>
        {onLadder ? (
          <button
            type="button"
            className={styles.ladderButton}
            disabled={market.bet_count === 0}
            aria-label={t('markets.position')}
            title={t('markets.position')}
            onClick={() => onLadder(market)}
          >
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path d="M3 1v14M13 1v14M3 4h10M3 8h10M3 12h10" stroke="currentColor" fill="none" />
            </svg>
          </button>
        ) : null}
        {actions}
        <span className={styles.minMax}>
          {t('markets.minMax', { min: formatWhole(limits.min), max: formatWhole(limits.max) })}
        </span>
      </header>
      <div className={styles.columns} aria-hidden="true">
        <span />
        <span className={styles.columnsCells}>
          <span className={styles.outer} />
          <span className={styles.outer} />
          <span className={styles.backHead}>{t('markets.back')}</span>
          <span className={styles.layHead}>{t('markets.lay')}</span>
          <span className={styles.outer} />
          <span className={styles.outer} />
        </span>
      </div>
      <div className={styles.runners}>
        {market.runners.map((runner) => (
          <RunnerRow
            key={runner.selectionId}
            marketId={market.market_id}
            marketType={market.market_type}
            marketStatus={market.status}
            runner={runner}
            pl={positions?.get(runner.selectionId) ?? runner.win_loss}
            volumeMultiplier={volumeMultiplier}
            onSelect={selectRunner}
            picked={picked?.includes(runner.selectionId) ?? false}
            onPick={onPick}
            onChart={charted ? chartRunner : undefined}
            onRunnerLadder={onRunnerLadder !== undefined && exchange ? ladderRunner : undefined}
          />
        ))}
        {allSuspended && market.runners.length > 0 ? (
          <div className={styles.suspendedMarket}>{t('markets.suspended')}</div>
        ) : null}
      </div>
    </section>
  )
})
