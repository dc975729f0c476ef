import type { DailyFigures } from '@backlay/contract/admin-reports'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { formatRupees } from '../../../lib/format'

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 })
const axisMoney = (v: number) => `${v < 0 ? '−' : ''}₹${compact.format(Math.abs(v))}`
const dayLabel = (day: string) => day.slice(5)
const tooltipMoney = (v: unknown) => formatRupees(Number(v))

/** One card of 30 days of money: the days along, rupees up, the series as children. */
function DailyChart(props: { title: string; daily: DailyFigures[]; children: ReactNode }) {
  return (
    <div className="card chart">
      <h2>{props.title}</h2>
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={props.daily}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={11} />
          <YAxis tickFormatter={axisMoney} fontSize={11} width={64} />
          <Tooltip formatter={tooltipMoney} />
          <Legend />
          {props.children}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}

/** The last 30 days: turnover with GGR over it, and money in against money out. */
export function DailyCharts({ daily }: { daily: DailyFigures[] }) {
  const { t } = useTranslation()
  // Drawn at once, not animated: an operator reads figures, and a screenshot shows them whole.
  return (
    <div className="columns">
      <DailyChart title={t('dashboard.chart.turnover')} daily={daily}>
        <Bar
          dataKey="turnover"
          name={t('dashboard.figure.turnover')}
          fill="#72bbef"
          isAnimationActive={false}
        />
        <Line
          dataKey="ggr"
          name={t('dashboard.figure.ggr')}
          stroke="#1a7f37"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </DailyChart>
      <DailyChart title={t('dashboard.chart.payments')} daily={daily}>
        <Bar
          dataKey="deposits"
          name={t('dashboard.figure.deposits')}
          fill="#1f6feb"
          isAnimationActive={false}
        />
        <Bar
          dataKey="withdrawals"
          name={t('dashboard.figure.withdrawals')}
          fill="#faa9ba"
          isAnimationActive={false}
        />
      </DailyChart>
    </div>
  )
}
