import { INDIA_OFFSET_MINUTES } from '@backlay/contract/limits'
import type { HistoryPoint } from '@backlay/contract/price-history'
import {
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type UTCTimestamp,
} from 'lightweight-charts'
import { useEffect, useRef } from 'react'
import { visibleRange, type Zoom } from '../zoom'
import styles from './price-history.module.css'

/**
 * The chart labels its axis in UTC; the app shows India time everywhere, so times are moved by
 * India's offset before they are drawn.
 */
const onIndiaClock = (epochSeconds: number) =>
  (epochSeconds + INDIA_OFFSET_MINUTES * 60) as UTCTimestamp

const PRICE_COLOR = '#1a73c9'
const VOLUME_COLOR = 'rgb(26 115 201 / 35%)'

/**
 * A runner's traded price over time with the matched volume per minute below it
 * (lightweight-charts: its price line and histogram, in two panes). Loaded with the dialog.
 */
export function PriceChart({ points, zoom }: { points: readonly HistoryPoint[]; zoom: Zoom }) {
  const container = useRef<HTMLDivElement>(null)
  const chart = useRef<{
    api: IChartApi
    price: ISeriesApi<'Line'>
    volume: ISeriesApi<'Histogram'>
  } | null>(null)

  useEffect(() => {
    if (!container.current) return
    const api = createChart(container.current, {
      autoSize: true,
      layout: { attributionLogo: false },
      timeScale: { timeVisible: true, secondsVisible: false },
      rightPriceScale: { borderVisible: false },
      grid: { vertLines: { visible: false } },
    })
    const price = api.addSeries(LineSeries, {
      color: PRICE_COLOR,
      lineWidth: 2,
      pointMarkersVisible: true,
      priceFormat: { type: 'price', precision: 2, minMove: 0.01 },
    })
    const volume = api.addSeries(
      HistogramSeries,
      { color: VOLUME_COLOR, priceFormat: { type: 'volume' } },
      1,
    )
    chart.current = { api, price, volume }
    return () => {
      chart.current = null
      api.remove()
    }
  }, [])

  useEffect(() => {
    const c = chart.current
    if (!c) return
    c.price.setData(points.map((p) => ({ time: onIndiaClock(p.time), value: p.price })))
    c.volume.setData(points.map((p) => ({ time: onIndiaClock(p.time), value: p.volume })))
    const range = visibleRange(zoom, Math.floor(Date.now() / 1000))
    if (range === null || points.length === 0) c.api.timeScale().fitContent()
    else
      c.api.timeScale().setVisibleRange({
        from: onIndiaClock(range.from),
        to: onIndiaClock(range.to),
      })
  }, [points, zoom])

  return <div ref={container} className={styles.chart} data-testid="price-chart" />
}
