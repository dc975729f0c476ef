import type { RunnerHistory } from '@backlay/contract/price-history'
import { useTranslation } from 'react-i18next'
import { formatMoney, formatOdds } from '../../../lib/format'

/** The feed's own last traded price and total matched for a runner (Betfair's), when it has them. */
export function FeedFigures({ feed }: { feed: RunnerHistory['feed'] | undefined }) {
  const { t } = useTranslation()
  if (!feed) return null
  return (
    <span>
      {feed.lastTradedPrice === null
        ? t('pricehistory.feedVolume', { volume: formatMoney(feed.tradedVolume) })
        : t('pricehistory.feed', {
            price: formatOdds(feed.lastTradedPrice),
            volume: formatMoney(feed.tradedVolume),
          })}
    </span>
  )
}
