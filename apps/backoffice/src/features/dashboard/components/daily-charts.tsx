import type { DailyFigures } from '@backlay/contract/admin-reports'
import { useTranslation } from 'react-i18next'
import {
  Bar,
  BarChart,
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

/** The last 30 days: turnover with GGR over it, and money in against money out. */
export function DailyCharts({ daily }: { daily: DailyFigures[] }) {
  const { t } = useTranslation()
  return (
    <div className="columns">
      <div className="card chart">
        <h2>{t('dashboard.chart.turnover')}</h2>
        <ResponsiveContainer width="100%" height={240}>
          <ComposedChart data={daily}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={11} />
            <YAxis tickFormatter={axisMoney} fontSize={11} width={64} />
            <Tooltip formatter={tooltipMoney} />
            <Legend />
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
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <div className="card chart">
        <h2>{t('dashboard.chart.payments')}</h2>
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={daily}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="day" tickFormatter={dayLabel} fontSize={11} />
            <YAxis tickFormatter={axisMoney} fontSize={11} width={64} />
            <Tooltip formatter={tooltipMoney} />
            <Legend />
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
          </BarChart>
        </ResponsiveContainer>
      </div>
    </div>
  )
}
