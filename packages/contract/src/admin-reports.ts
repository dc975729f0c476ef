import { z } from 'zod'
import { ok } from './envelope'

/**
 * The back office's dashboard, reports and alerts, under /api/v1/admin (designed here). Money is
 * rupees on the wire and real money only (the demo book is play money). Days are India days
 * (UTC+05:30), the operators' calendar. An agent sees its own players only, whatever it asks.
 */

const id = z.string().trim().min(1).max(64)
const isoTime = z.iso.datetime({ offset: true })
const day = z.iso.date()

// ---- dashboard ----

/** GET dashboard?brandId: one brand, or every brand the operator may see. */
export const dashboardQuery = z.strictObject({ brandId: id.optional() })

/** What one period adds up to; `marketMakerPL` only across all brands (the house quotes for all). */
export const periodFigures = z.object({
  turnover: z.number(),
  matchedVolume: z.number(),
  ggr: z.number(),
  commission: z.number(),
  housePL: z.number(),
  marketMakerPL: z.number().nullable(),
  casinoGGR: z.number(),
  activePlayers: z.number().int(),
  signUps: z.number().int(),
  deposits: z.number(),
  withdrawals: z.number(),
})
export type PeriodFigures = z.infer<typeof periodFigures>

export const dashboardPeriod = z.enum(['today', 'yesterday', 'last7Days', 'last30Days'])
export type DashboardPeriod = z.infer<typeof dashboardPeriod>

export const dailyFigures = z.object({
  day,
  turnover: z.number(),
  ggr: z.number(),
  deposits: z.number(),
  withdrawals: z.number(),
})
export type DailyFigures = z.infer<typeof dailyFigures>

export const marketExposure = z.object({
  marketId: z.string(),
  marketName: z.string(),
  eventName: z.string(),
  exposure: z.number(),
  players: z.number().int(),
})

export const dashboardResponse = ok(
  z.object({
    periods: z.record(dashboardPeriod, periodFigures),
    /** The last 30 India days, oldest first. */
    daily: z.array(dailyFigures),
    /** Markets holding the most of the players' money right now. */
    topExposure: z.array(marketExposure),
    brands: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
)
export type Dashboard = z.infer<typeof dashboardResponse>['data']

// ---- reports ----

export const reportKind = z.enum([
  'market-pl',
  'player-pl',
  'agent-commission',
  'casino-games',
  'casino-rounds',
  'responsible-gambling',
])
export type ReportKind = z.infer<typeof reportKind>

export const REPORT_MAX_DAYS = 366

/** GET reports/:kind and reports/:kind/csv; `from`/`to` are India days, both included. */
export const reportQuery = z.strictObject({
  from: day.optional(),
  to: day.optional(),
  brandId: id.optional(),
  agentId: id.optional(),
  sportId: id.optional(),
  marketId: id.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(100),
})
export type ReportQuery = z.infer<typeof reportQuery>
export const reportParams = z.strictObject({ kind: reportKind })

export const columnType = z.enum(['text', 'int', 'money', 'time'])
export const reportColumn = z.object({ key: z.string(), label: z.string(), type: columnType })
export type ReportColumn = z.infer<typeof reportColumn>
export type ReportCell = string | number | boolean | null

export const reportResponse = ok(
  z.object({
    columns: z.array(reportColumn),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    total: z.number().int().min(0),
    /** The India days the report covers. */
    from: day,
    to: day,
  }),
)
export type Report = z.infer<typeof reportResponse>['data']

// ---- alerts ----

export const alertKind = z.enum([
  'market-exposure',
  'player-win-rate',
  'player-stake-jump',
  'feed-silent',
  'settlement-late',
])
export type AlertKind = z.infer<typeof alertKind>

/**
 * `threshold` means, by kind: rupees held on one market; a win rate in percent (over at least
 * 10 settled bets in 7 days); how many times a player's biggest stake today exceeds their
 * average stake of the 30 days before; seconds without a feed update; minutes since a result.
 */
export const alertRule = z.object({
  id: z.string(),
  kind: alertKind,
  threshold: z.number(),
  brandId: z.string().nullable(),
  webhookUrl: z.string().nullable(),
  active: z.boolean(),
  createdAt: isoTime,
})
export type AlertRule = z.infer<typeof alertRule>

export const createAlertRule = z.strictObject({
  kind: alertKind,
  threshold: z.number().positive('The threshold must be above 0.').max(1e12),
  brandId: id.nullable().default(null),
  webhookUrl: z
    .url({ protocol: /^https?$/, message: 'Enter an http(s) address.' })
    .max(500)
    .nullable()
    .default(null),
})
export const updateAlertRule = z.strictObject({ active: z.boolean() })
export const alertRulesResponse = ok(z.array(alertRule))
export const alertRuleResponse = ok(alertRule)

/** A condition that holds now: one per rule and subject (a market, a player, the feed). */
export const alertFiring = z.object({
  id: z.number().int(),
  ruleId: z.string(),
  kind: alertKind,
  subject: z.string(),
  message: z.string(),
  since: isoTime,
})
export type AlertFiring = z.infer<typeof alertFiring>
export const alertFiringsResponse = ok(z.array(alertFiring))
