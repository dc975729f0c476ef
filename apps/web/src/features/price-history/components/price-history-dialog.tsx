import * as Dialog from 'radix-ui/dialog'
import * as Tabs from 'radix-ui/tabs'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds } from '../../../lib/format'
import { usePriceHistory } from '../api/get-price-history'
import { ZOOMS, type Zoom } from '../zoom'
import { FeedFigures } from './feed-figures'
import { PriceChart } from './price-chart'
import styles from './price-history.module.css'
import { TradedView } from './traded-view'

export interface ChartTarget {
  marketId: string
  selectionId: string
  runnerName: string
}

/**
 * A runner's price history: the price chart with its volume (zoom 5 min, 1 hour, all) and the
 * traded view, beside the feed's own last price and total. Opened from a runner's chart button.
 */
export function PriceHistoryDialog({
  target,
  onClose,
}: {
  target: ChartTarget | null
  onClose: () => void
}) {
  const { t } = useTranslation()
  const [zoom, setZoom] = useState<Zoom>('all')
  const history = usePriceHistory(target?.marketId ?? null)
  const runner = history.data?.runners.find((r) => r.selectionId === target?.selectionId)
  return (
    <Dialog.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>
            {t('pricehistory.title', { name: target?.runnerName ?? '' })}
          </Dialog.Title>
          <Dialog.Description className={styles.figures}>
            {runner ? (
              <>
                <span>
                  {t('pricehistory.lastTraded')}{' '}
                  <strong>
                    {runner.lastTradedPrice === null ? '–' : formatOdds(runner.lastTradedPrice)}
                  </strong>
                </span>
                <span>
                  {t('pricehistory.matched')} <strong>{formatMoney(runner.tradedVolume)}</strong>
                </span>
                <FeedFigures feed={runner.feed} />
              </>
            ) : (
              t(history.isError ? 'pricehistory.failed' : 'pricehistory.loading')
            )}
          </Dialog.Description>
          <Tabs.Root defaultValue="chart">
            <Tabs.List className={styles.tabs} aria-label={t('pricehistory.views')}>
              <Tabs.Trigger value="chart" className={styles.tab}>
                {t('pricehistory.chart')}
              </Tabs.Trigger>
              <Tabs.Trigger value="traded" className={styles.tab}>
                {t('pricehistory.traded')}
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="chart" className={styles.view}>
              <fieldset className={styles.zoom}>
                <legend className={styles.hidden}>{t('pricehistory.zoom')}</legend>
                {ZOOMS.map((z) => (
                  <button
                    key={z}
                    type="button"
                    aria-pressed={zoom === z}
                    className={styles.zoomButton}
                    onClick={() => setZoom(z)}
                  >
                    {t(`pricehistory.zooms.${z}`)}
                  </button>
                ))}
              </fieldset>
              {runner && runner.points.length === 0 ? (
                <p className={styles.empty}>{t('pricehistory.noTrades')}</p>
              ) : null}
              <PriceChart points={runner?.points ?? []} zoom={zoom} />
            </Tabs.Content>
            <Tabs.Content value="traded" className={styles.view}>
              {runner && runner.traded.length > 0 ? (
                <TradedView runner={runner} />
              ) : (
                <p className={styles.empty}>{t('pricehistory.noTrades')}</p>
              )}
            </Tabs.Content>
          </Tabs.Root>
          <Dialog.Close className={styles.close}>{t('pricehistory.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
